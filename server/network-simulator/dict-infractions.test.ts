import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newEndToEndId, newReturnId } from "./ids";
import type { InfractionReport, RefundRequest } from "./infraction-reports";
import { type SigningIdentity, signXml, verifyXml } from "./signing";
import { control, PARTICIPANT_ISPB, type RunningSimulator, startSimulator } from "./test-support";
import { buildXml, parseXml, textAt, type XmlNode } from "./xml";

const OTHER_INSTITUTION = "99999999";

let running: RunningSimulator;
let dict: string;

beforeAll(async () => {
  running = await startSimulator();
  dict = `${running.url}/dict/api/v1`;
});
afterAll(() => running.stop());
beforeEach(() => running.simulator.state.infractions.reset());

/** A PIX the simulated institution sent to the participant, settled. */
function settledPix(state: "settled" | "accepted" = "settled"): string {
  const id = newEndToEndId(OTHER_INSTITUTION);
  running.simulator.state.records.transactions.set(id, {
    id,
    kind: "payment",
    payerIspb: OTHER_INSTITUTION,
    receiverIspb: PARTICIPANT_ISPB,
    payerIsParticipant: false,
    receiverIsParticipant: true,
    amount: "80.00",
    bizMsgIdr: `M${OTHER_INSTITUTION}${"A".repeat(23)}`,
    state,
    createdAt: new Date().toISOString(),
    extraAnswers: [],
    statusMessages: [],
  });
  return id;
}

const signed = (rootName: string, content: XmlNode, identity: SigningIdentity = running.participant) =>
  signXml(buildXml(rootName, content), identity, "dict-document");

async function call(path: string, xml?: string) {
  const response = await fetch(`${dict}${path}`, {
    method: xml === undefined ? "GET" : "POST",
    ...(xml === undefined ? {} : { headers: { "Content-Type": "application/xml" }, body: xml }),
  });
  const body = await response.text();
  return {
    status: response.status,
    body,
    root: parseXml(body).root,
    verified: verifyXml(body, "dict-document", running.network.certificatePem).status === "verified",
  };
}

const fileAsOther = async (endToEndId: string) =>
  (
    await control<InfractionReport>(running.url, "/infraction-reports", {
      endToEndId,
      details: "golpe do falso boleto",
    })
  ).json;

const reportsOf = (root: XmlNode) => {
  const listed = (root.InfractionReports as XmlNode | string) || {};
  const items = typeof listed === "string" ? [] : listed.InfractionReport;
  return (Array.isArray(items) ? items : items ? [items] : []) as XmlNode[];
};

describe("DICT infraction reports", () => {
  it("lists a report the other institution filed for the credited participant, signed, with the API's fields", async () => {
    const endToEndId = settledPix();
    const report = await fileAsOther(endToEndId);
    expect(report).toMatchObject({ status: "OPEN", reportedBy: "DEBITED_PARTICIPANT", infractionType: "FRAUD" });

    const listed = await call(`/infraction-reports?Participant=${PARTICIPANT_ISPB}&IsCredited=true&Status=OPEN`);
    expect(listed.status).toBe(200);
    expect(listed.verified).toBe(true);
    expect(textAt(listed.root, "HasMoreElements")).toBe("false");
    const [item] = reportsOf(listed.root);
    expect(item).toMatchObject({
      Id: report.id,
      TransactionId: endToEndId,
      Status: "OPEN",
      DebitedParticipant: OTHER_INSTITUTION,
      CreditedParticipant: PARTICIPANT_ISPB,
      ReportDetails: "golpe do falso boleto",
    });

    const later = await call(
      `/infraction-reports?Participant=${PARTICIPANT_ISPB}&ModifiedAfter=${new Date(Date.parse(report.lastModified) + 1).toISOString()}`,
    );
    expect(reportsOf(later.root)).toHaveLength(0);
    const asDebited = await call(`/infraction-reports?Participant=${PARTICIPANT_ISPB}&IsDebited=true`);
    expect(reportsOf(asDebited.root)).toHaveLength(0);
  });

  it("acknowledges and closes for the credited participant only, signed, in the order of the statuses", async () => {
    const report = await fileAsOther(settledPix());
    const ack = (participant: string, identity?: SigningIdentity) =>
      call(
        `/infraction-reports/${report.id}/acknowledge`,
        signed(
          "AcknowledgeInfractionReportRequest",
          { InfractionReportId: report.id, Participant: participant },
          identity,
        ),
      );
    expect((await ack(PARTICIPANT_ISPB, running.stranger)).body).toContain("RequestSignatureInvalid");
    expect((await ack(OTHER_INSTITUTION)).status).toBe(403);
    const acknowledged = await ack(PARTICIPANT_ISPB);
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.verified).toBe(true);
    expect(textAt(acknowledged.root, "InfractionReport/Status")).toBe("ACKNOWLEDGED");
    expect(Date.parse(textAt(acknowledged.root, "InfractionReport/LastModified") ?? "")).toBeGreaterThan(
      Date.parse(report.lastModified),
    );

    const close = (result: string) =>
      call(
        `/infraction-reports/${report.id}/close`,
        signed("CloseInfractionReportRequest", {
          InfractionReportId: report.id,
          Participant: PARTICIPANT_ISPB,
          AnalysisResult: result,
          AnalysisDetails: "Valor bloqueado e devolvido.",
        }),
      );
    expect((await close("MAYBE")).status).toBe(400);
    const closed = await close("AGREED");
    expect(closed.status).toBe(200);
    expect(closed.root.InfractionReport).toMatchObject({ Status: "CLOSED", AnalysisResult: "AGREED" });
    const again = await close("DISAGREED");
    expect(again.status).toBe(400);
    expect(again.body).toContain("InfractionReportOperationInvalid");
    expect((await ack(PARTICIPANT_ISPB)).body).toContain("InfractionReportOperationInvalid");

    const got = await call(`/infraction-reports/${report.id}?Participant=${PARTICIPANT_ISPB}`);
    expect(got.root.InfractionReport).toMatchObject({ Status: "CLOSED", AnalysisResult: "AGREED" });
  });

  it("refuses a report on an unknown, unsettled or already reported transaction", async () => {
    const create = (transactionId: string) =>
      call(
        "/infraction-reports",
        signed("CreateInfractionReportRequest", {
          Participant: PARTICIPANT_ISPB,
          InfractionReport: { TransactionId: transactionId, InfractionType: "FRAUD" },
        }),
      );
    expect((await create(newEndToEndId(OTHER_INSTITUTION))).body).toContain("InfractionReportTransactionNotFound");
    expect((await create(settledPix("accepted"))).body).toContain("InfractionReportTransactionNotSettled");
    expect((await create("E123")).body).toContain("InfractionReportInvalid");
    const endToEndId = settledPix();
    const made = await create(endToEndId);
    expect(made.status).toBe(201);
    expect(made.root.InfractionReport).toMatchObject({ ReportedBy: "CREDITED_PARTICIPANT", Status: "OPEN" });
    expect((await create(endToEndId)).body).toContain("InfractionReportAlreadyBeingProcessedForTransaction");
  });
});

describe("DICT refund requests", () => {
  it("lists the other institution's request for the contested participant and takes its signed answer", async () => {
    const endToEndId = settledPix();
    const report = await fileAsOther(endToEndId);
    const requested = await control<RefundRequest>(running.url, "/refunds", { endToEndId });
    expect(requested.status).toBe(201);
    expect(requested.json).toMatchObject({
      status: "OPEN",
      refundAmount: "80.00",
      refundReason: "FRAUD",
      infractionReportId: report.id,
      contestedParticipant: PARTICIPANT_ISPB,
    });
    expect((await control(running.url, "/refunds", { endToEndId })).status).toBe(409);

    const listed = await call(`/refunds?Participant=${PARTICIPANT_ISPB}&ParticipantRole=CONTESTED&Status=OPEN`);
    expect(listed.verified).toBe(true);
    expect(listed.root.Refunds).toMatchObject({ Refund: { Id: requested.json.id, TransactionId: endToEndId } });
    expect((await call(`/refunds?Participant=${PARTICIPANT_ISPB}`)).status).toBe(400);

    const closeRefund = (participant: string) =>
      call(
        `/refunds/${requested.json.id}/close`,
        signed("CloseRefundRequest", {
          RefundId: requested.json.id,
          Participant: participant,
          RefundAnalysisResult: "TOTALLY_ACCEPTED",
          RefundTransactionId: newReturnId(PARTICIPANT_ISPB),
        }),
      );
    expect((await closeRefund(OTHER_INSTITUTION)).status).toBe(403);
    const closed = await closeRefund(PARTICIPANT_ISPB);
    expect(closed.status).toBe(200);
    expect(closed.root.Refund).toMatchObject({ Status: "CLOSED", AnalysisResult: "TOTALLY_ACCEPTED" });
    expect((await closeRefund(PARTICIPANT_ISPB)).body).toContain("RefundOperationInvalid");
  });
});
