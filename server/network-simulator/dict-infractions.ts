import type { Context, Hono } from "hono";
import type { NetworkContext } from "./context";
import type { DictAnswer, ProblemType, Violation } from "./dict-documents";
import { signedResponse } from "./dict-documents";
import { END_TO_END_ID_PATTERN, ISPB_PATTERN } from "./ids";
import {
  type AnalysisResult,
  INFRACTION_REPORT_STATUSES,
  INFRACTION_TYPES,
  type InfractionReport,
  type InfractionType,
  type ListFilter,
  REFUND_ANALYSIS_RESULTS,
  REFUND_REASONS,
  REFUND_STATUSES,
  type RefundAnalysisResult,
  type RefundReason,
  type RefundRequest,
  refundElement,
  reportElement,
} from "./infraction-reports";
import { type ParsedXml, textAt, type XmlNode } from "./xml";

/** What dict.ts lends the MED operations: its signed answers and its signed-request reader. */
export interface DictHelpers {
  send(c: Context, answer: DictAnswer): Response | Promise<Response>;
  problem(status: number, type: ProblemType, detail?: string, violations?: Violation[]): DictAnswer;
  signedRequest(c: Context, rootName: string): Promise<{ parsed: ParsedXml } | { refusal: DictAnswer }>;
}

type Refusal = { status: number; type: ProblemType; detail: string; violations?: Violation[] };
const refusal = (status: number, type: ProblemType, detail: string, violations?: Violation[]): Refusal => ({
  status,
  type,
  detail,
  ...(violations ? { violations } : {}),
});

/** The settled payment a report or refund is about, and its two sides. */
function settledPayment(context: NetworkContext, transactionId: string, missing: ProblemType, unsettled: ProblemType) {
  const tx = context.records.transactions.get(transactionId);
  if (tx?.kind !== "payment") return refusal(404, missing, "the transaction is not known to the SPI");
  if (tx.state !== "settled") return refusal(400, unsettled, "the transaction was not settled");
  return { debited: tx.payerIspb, credited: tx.receiverIspb, amount: tx.amount };
}

/** createInfractionReport's rules, for a participant's request and the control API's simulated institutions alike. */
export function fileInfractionReport(
  context: NetworkContext,
  request: { reporter: string; transactionId: string; infractionType: InfractionType; reportDetails?: string },
): InfractionReport | Refusal {
  const payment = settledPayment(
    context,
    request.transactionId,
    "InfractionReportTransactionNotFound",
    "InfractionReportTransactionNotSettled",
  );
  if ("type" in payment) return payment;
  if (request.reporter !== payment.debited && request.reporter !== payment.credited) {
    return refusal(403, "Forbidden", "the participant took no part in the transaction");
  }
  if (context.infractions.openReportOn(request.transactionId)) {
    return refusal(400, "InfractionReportAlreadyBeingProcessedForTransaction", "a report on it is in progress");
  }
  return context.infractions.fileReport({
    ...request,
    debitedParticipant: payment.debited,
    creditedParticipant: payment.credited,
  });
}

/** createRefund's rules: the requester is one side of a settled payment, the other side is contested. */
export function requestRefund(
  context: NetworkContext,
  request: {
    requester: string;
    transactionId: string;
    refundReason: RefundReason;
    refundAmount?: string;
    refundDetails?: string;
  },
): RefundRequest | Refusal {
  const payment = settledPayment(
    context,
    request.transactionId,
    "RefundTransactionNotFound",
    "RefundTransactionNotSettled",
  );
  if ("type" in payment) return payment;
  if (request.requester !== payment.debited && request.requester !== payment.credited) {
    return refusal(403, "Forbidden", "the participant took no part in the transaction");
  }
  const amount = request.refundAmount ?? payment.amount;
  if (!/^[0-9]{1,13}\.[0-9]{2}$/.test(amount) || Number(amount) <= 0 || Number(amount) > Number(payment.amount)) {
    return refusal(400, "BadRequest", "RefundAmount must be positive and at most the transaction's amount", [
      { reason: `0.01 to ${payment.amount}`, value: amount, property: "refund.refundAmount" },
    ]);
  }
  if (context.infractions.openRefundOn(request.transactionId)) {
    return refusal(400, "RefundAlreadyProcessedForTransaction", "a refund request on it is open");
  }
  const report = [...context.infractions.reports.values()].find(
    (item) => item.transactionId === request.transactionId && item.status !== "CANCELLED",
  );
  return context.infractions.requestRefund({
    transactionId: request.transactionId,
    refundReason: request.refundReason,
    refundAmount: amount,
    ...(request.refundDetails ? { refundDetails: request.refundDetails } : {}),
    requestingParticipant: request.requester,
    contestedParticipant: request.requester === payment.debited ? payment.credited : payment.debited,
    ...(report && request.refundReason === "FRAUD" ? { infractionReportId: report.id } : {}),
  });
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

/** The list operations' query: Participant, ModifiedAfter/Before, Status (repeated or comma-separated), Limit. */
function listQuery(c: Context, statuses: readonly string[]): { participant: string; filter: ListFilter } | Violation {
  const participant = c.req.query("Participant") ?? "";
  if (!ISPB_PATTERN.test(participant))
    return { reason: "8 digits, required", value: participant, property: "Participant" };
  const limit = c.req.query("Limit") ?? "20";
  if (!/^[0-9]+$/.test(limit) || Number(limit) < 1 || Number(limit) > 200) {
    return { reason: "1 to 200", value: limit, property: "Limit" };
  }
  const filter: ListFilter = { limit: Number(limit) };
  for (const [name, field] of [
    ["ModifiedAfter", "modifiedAfter"],
    ["ModifiedBefore", "modifiedBefore"],
  ] as const) {
    const value = c.req.query(name);
    if (value === undefined) continue;
    if (Number.isNaN(Date.parse(value))) return { reason: "a date-time", value, property: name };
    filter[field] = value;
  }
  const wanted = (c.req.queries("Status") ?? []).flatMap((value) => value.split(",")).filter(Boolean);
  const unknown = wanted.find((status) => !statuses.includes(status));
  if (unknown) return { reason: statuses.join(", "), value: unknown, property: "Status" };
  if (wanted.length > 0) filter.statuses = wanted;
  return { participant, filter };
}

const flag = (value: string | undefined) => (value === "true" ? true : value === "false" ? false : undefined);

/** The MED operations of the DICT API: infraction reports and refund requests, each request signed. */
export function mountInfractionRoutes(app: Hono, context: NetworkContext, helpers: DictHelpers): void {
  const { send, problem, signedRequest } = helpers;
  const { identity, infractions } = context;
  const refuse = (c: Context, why: Refusal) => send(c, problem(why.status, why.type, why.detail, why.violations));
  const both = (path: string) => [path, `${path}/`];
  const reportAnswer = (rootName: string, report: InfractionReport, status = 200) =>
    signedResponse(identity, rootName, { InfractionReport: reportElement(report) }, status);
  const refundAnswer = (rootName: string, refund: RefundRequest, status = 200) =>
    signedResponse(identity, rootName, { Refund: refundElement(refund) }, status);

  for (const path of both("/infraction-reports")) {
    app.post(path, async (c) => {
      const read = await signedRequest(c, "CreateInfractionReportRequest");
      if ("refusal" in read) return send(c, read.refusal);
      const root = read.parsed.root;
      const reporter = textAt(root, "Participant") ?? "";
      const transactionId = textAt(root, "InfractionReport/TransactionId") ?? "";
      const infractionType = textAt(root, "InfractionReport/InfractionType");
      const reportDetails = textAt(root, "InfractionReport/ReportDetails");
      const violations: Violation[] = [
        ...(ISPB_PATTERN.test(reporter) ? [] : [{ reason: "8 digits", value: reporter, property: "participant" }]),
        ...(END_TO_END_ID_PATTERN.test(transactionId)
          ? []
          : [{ reason: "an EndToEndId", value: transactionId, property: "infractionReport.transactionId" }]),
        ...(oneOf(INFRACTION_TYPES, infractionType)
          ? []
          : [
              {
                reason: INFRACTION_TYPES.join(", "),
                value: infractionType ?? "",
                property: "infractionReport.infractionType",
              },
            ]),
        ...((reportDetails?.length ?? 0) > 2000
          ? [{ reason: "at most 2000 characters", property: "infractionReport.reportDetails" }]
          : []),
      ];
      if (violations.length > 0 || !oneOf(INFRACTION_TYPES, infractionType)) {
        return send(c, problem(400, "InfractionReportInvalid", "InfractionReport has invalid fields", violations));
      }
      const filed = fileInfractionReport(context, {
        reporter,
        transactionId,
        infractionType,
        ...(reportDetails ? { reportDetails } : {}),
      });
      if ("type" in filed) return refuse(c, filed);
      return send(c, reportAnswer("CreateInfractionReportResponse", filed, 201));
    });

    app.get(path, (c) => {
      const query = listQuery(c, INFRACTION_REPORT_STATUSES);
      if (!("participant" in query)) return send(c, problem(400, "BadRequest", "invalid query", [query]));
      const side = {
        ...(flag(c.req.query("IsDebited")) !== undefined ? { debited: flag(c.req.query("IsDebited")) } : {}),
        ...(flag(c.req.query("IsCredited")) !== undefined ? { credited: flag(c.req.query("IsCredited")) } : {}),
      };
      const { items, hasMore } = infractions.listReports(query.participant, side, query.filter);
      const content: XmlNode = {
        HasMoreElements: String(hasMore),
        InfractionReports: items.length > 0 ? { InfractionReport: items.map(reportElement) } : "",
      };
      return send(c, signedResponse(identity, "ListInfractionReportsResponse", content));
    });
  }

  /** The report of the path, seen by a participant of its transaction; a refusal otherwise. */
  const reportFor = (id: string, participant: string | undefined): InfractionReport | Refusal => {
    const report = infractions.reports.get(id);
    if (!report) return refusal(404, "NotFound", "no such infraction report");
    if (participant !== report.debitedParticipant && participant !== report.creditedParticipant) {
      return refusal(403, "Forbidden", "the participant took no part in the transaction");
    }
    return report;
  };

  app.get("/infraction-reports/:id", (c) => {
    const report = reportFor(c.req.param("id"), c.req.query("Participant"));
    if ("type" in report) return refuse(c, report);
    return send(c, reportAnswer("GetInfractionReportResponse", report));
  });

  /** acknowledge, close and cancel: a signed request naming the report and the participant acting. */
  const reportOperation =
    (
      rootName: string,
      allowed: (report: InfractionReport, participant: string) => boolean,
      act: (report: InfractionReport, root: XmlNode) => InfractionReport | Refusal,
    ) =>
    async (c: Context) => {
      const read = await signedRequest(c, rootName);
      if ("refusal" in read) return send(c, read.refusal);
      const root = read.parsed.root;
      const bodyId = textAt(root, "InfractionReportId") ?? "";
      if (bodyId !== c.req.param("id")) {
        return send(c, problem(400, "BadRequest", "InfractionReportId differs from the path"));
      }
      const participant = textAt(root, "Participant") ?? "";
      const report = reportFor(bodyId, participant);
      if ("type" in report) return refuse(c, report);
      if (!allowed(report, participant)) return refuse(c, refusal(403, "Forbidden", "not this participant's to do"));
      const done = act(report, root);
      if ("type" in done) return refuse(c, done);
      return send(c, reportAnswer(rootName.replace(/Request$/, "Response"), done));
    };
  const isCounterpart = (report: InfractionReport, participant: string) =>
    infractions.counterpartOf(report) === participant;
  const inProgress = (report: InfractionReport) => report.status === "OPEN" || report.status === "ACKNOWLEDGED";
  const operationInvalid = (report: InfractionReport) =>
    refusal(400, "InfractionReportOperationInvalid", `the report is ${report.status}`);

  app.post(
    "/infraction-reports/:id/acknowledge",
    reportOperation("AcknowledgeInfractionReportRequest", isCounterpart, (report) =>
      inProgress(report) ? infractions.acknowledge(report) : operationInvalid(report),
    ),
  );
  app.post(
    "/infraction-reports/:id/close",
    reportOperation("CloseInfractionReportRequest", isCounterpart, (report, root) => {
      const result = textAt(root, "AnalysisResult");
      const details = textAt(root, "AnalysisDetails");
      if (result !== "AGREED" && result !== "DISAGREED") {
        return refusal(400, "BadRequest", "AnalysisResult must be AGREED or DISAGREED", [
          { reason: "AGREED, DISAGREED", value: result ?? "", property: "AnalysisResult" },
        ]);
      }
      if (!inProgress(report)) return operationInvalid(report);
      return infractions.close(report, result as AnalysisResult, details?.slice(0, 2000));
    }),
  );
  app.post(
    "/infraction-reports/:id/cancel",
    reportOperation(
      "CancelInfractionReportRequest",
      (report, participant) => !isCounterpart(report, participant),
      (report) => (inProgress(report) ? infractions.cancel(report) : operationInvalid(report)),
    ),
  );

  for (const path of both("/refunds")) {
    app.post(path, async (c) => {
      const read = await signedRequest(c, "CreateRefundRequest");
      if ("refusal" in read) return send(c, read.refusal);
      const root = read.parsed.root;
      const reason = textAt(root, "Refund/RefundReason");
      const transactionId = textAt(root, "Refund/TransactionId") ?? "";
      const amount = textAt(root, "Refund/RefundAmount");
      const details = textAt(root, "Refund/RefundDetails");
      if (!oneOf(REFUND_REASONS, reason) || !END_TO_END_ID_PATTERN.test(transactionId) || !amount) {
        return send(c, problem(400, "BadRequest", "Refund has invalid fields"));
      }
      const made = requestRefund(context, {
        requester: textAt(root, "Participant") ?? "",
        transactionId,
        refundReason: reason,
        refundAmount: amount,
        ...(details ? { refundDetails: details } : {}),
      });
      if ("type" in made) return refuse(c, made);
      return send(c, refundAnswer("CreateRefundResponse", made, 201));
    });

    app.get(path, (c) => {
      const query = listQuery(c, REFUND_STATUSES);
      if (!("participant" in query)) return send(c, problem(400, "BadRequest", "invalid query", [query]));
      const role = c.req.query("ParticipantRole");
      if (role !== "REQUESTING" && role !== "CONTESTED") {
        return send(
          c,
          problem(400, "BadRequest", "invalid query", [
            { reason: "REQUESTING or CONTESTED", value: role ?? "", property: "ParticipantRole" },
          ]),
        );
      }
      const { items, hasMore } = infractions.listRefunds(query.participant, role, query.filter);
      const content: XmlNode = {
        HasMoreElements: String(hasMore),
        Refunds: items.length > 0 ? { Refund: items.map(refundElement) } : "",
      };
      return send(c, signedResponse(identity, "ListRefundsResponse", content));
    });
  }

  app.post("/refunds/:id/close", async (c) => {
    const read = await signedRequest(c, "CloseRefundRequest");
    if ("refusal" in read) return send(c, read.refusal);
    const root = read.parsed.root;
    const refund = infractions.refunds.get(c.req.param("id"));
    if (!refund || textAt(root, "RefundId") !== refund.id) return send(c, problem(404, "NotFound", "no such refund"));
    if (textAt(root, "Participant") !== refund.contestedParticipant) {
      return send(c, problem(403, "Forbidden", "only the contested participant closes a refund request"));
    }
    const result = textAt(root, "RefundAnalysisResult");
    const refundTransactionId = textAt(root, "RefundTransactionId");
    if (!oneOf(REFUND_ANALYSIS_RESULTS, result) || (refundTransactionId && !/^\w{32}$/.test(refundTransactionId))) {
      return send(c, problem(400, "BadRequest", "RefundAnalysisResult or RefundTransactionId is invalid"));
    }
    if (refund.status !== "OPEN")
      return send(c, problem(400, "RefundOperationInvalid", `the refund is ${refund.status}`));
    const details = textAt(root, "RefundAnalysisDetails");
    const rejectionReason = textAt(root, "RefundRejectionReason");
    const closed = infractions.closeRefund(refund, {
      result: result as RefundAnalysisResult,
      ...(details ? { details } : {}),
      ...(rejectionReason ? { rejectionReason } : {}),
      ...(refundTransactionId ? { refundTransactionId } : {}),
    });
    return send(c, refundAnswer("CloseRefundResponse", closed));
  });
}
