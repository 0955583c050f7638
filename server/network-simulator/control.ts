import { Hono } from "hono";
import { z } from "zod";
import type { NetworkContext } from "./context";
import { fileInfractionReport, requestRefund } from "./dict-infractions";
import { FaultsRequest } from "./faults";
import { ISPB_PATTERN, newEndToEndId, newReturnId } from "./ids";
import { INFRACTION_TYPES, REFUND_REASONS } from "./infraction-reports";
import { simulatedPayer } from "./institutions";
import { creditTransferDocument, type LocalInstrument, paymentReturnDocument } from "./message-documents";
import type { Transaction } from "./records";

const Ispb = z.string().regex(ISPB_PATTERN, "8 digits");
const Amount = z.string().regex(/^[0-9]{1,13}\.[0-9]{2}$/, 'a decimal with 2 places, e.g. "10.00"');
const Document = z.string().regex(/^([0-9]{11}|[0-9]{14})$/, "CPF or CNPJ digits");

const PaymentRequest = z
  .strictObject({
    toIspb: Ispb,
    creditorKey: z.string().min(1).max(77).optional(),
    creditorAccount: z
      .string()
      .regex(/^[0-9]{1,20}$/)
      .optional(),
    creditorBranch: z
      .string()
      .regex(/^[0-9]{1,4}$/)
      .optional(),
    creditorAccountType: z.enum(["CACC", "SVGS", "TRAN", "SLRY"]).optional(),
    creditorDocument: Document.optional(),
    creditorName: z.string().min(1).max(140).optional(),
    amount: Amount,
    txId: z
      .string()
      .regex(/^[A-Za-z0-9]{1,35}$/)
      .optional(),
    localInstrument: z.enum(["DICT", "QRDN", "QRES", "MANU", "AUTO"]).optional(),
    // the id the payer's institution announced beforehand (a Pix Automático attempt it scheduled)
    endToEndId: z
      .string()
      .regex(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/)
      .optional(),
    // when the payer accepted the payment (AccptncDtTm), if not now
    acceptedAt: z.iso.datetime({ offset: true }).optional(),
    debtor: z
      .strictObject({
        name: z.string().min(1).max(140).optional(),
        document: Document.optional(),
        ispb: Ispb.optional(),
      })
      .optional(),
    remittanceInfo: z.string().max(140).optional(),
  })
  .refine((request) => request.creditorKey !== undefined || request.creditorAccount !== undefined, {
    message: "give creditorKey or creditorAccount",
  });

const ReturnRequest = z.strictObject({
  toIspb: Ispb,
  originalEndToEndId: z.string().regex(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/),
  amount: Amount,
  reason: z.enum(["MD06", "BE08", "FR01", "SL02"]).optional(),
  additionalInfo: z.string().max(105).optional(),
});

const EndToEndId = z.string().regex(/^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/);
const InfractionReportOrder = z.strictObject({
  endToEndId: EndToEndId,
  infractionType: z.enum(INFRACTION_TYPES).optional(),
  details: z.string().max(2000).optional(),
});
const RefundOrder = z.strictObject({
  endToEndId: EndToEndId,
  amount: Amount.optional(),
  reason: z.enum(REFUND_REASONS).optional(),
  details: z.string().max(2000).optional(),
});

const DEFAULT_PAYER_ISPB = "99999999";

function transactionView(tx: Transaction) {
  return {
    ...tx,
    answerStatus: tx.answer?.status ?? null,
    answerTimeMs: tx.answer?.answerTimeMs ?? null,
    settled: tx.state === "settled",
  };
}

/** The control API (JSON): drives the simulated institutions and shows what the network saw. */
export function controlRoutes(context: NetworkContext): Hono {
  const app = new Hono();
  const { records, settlement, hub, directory, faults, budgets } = context;

  app.onError((error, c) => {
    if (error instanceof z.ZodError) return c.json({ error: "invalid request", issues: error.issues }, 400);
    if (error instanceof SyntaxError) return c.json({ error: "the body is not JSON" }, 400);
    throw error;
  });

  app.post("/payments", async (c) => {
    const request = PaymentRequest.parse(await c.req.json());
    const payerIspb = request.debtor?.ispb ?? DEFAULT_PAYER_ISPB;
    const endToEndId = request.endToEndId ?? newEndToEndId(payerIspb);
    if (records.transactions.has(endToEndId)) return c.json({ error: "this end-to-end id was already sent" }, 409);
    const payer = simulatedPayer(endToEndId, payerIspb);
    const instrument: LocalInstrument = request.localInstrument ?? (request.creditorKey ? "DICT" : "MANU");
    const entry = request.creditorKey ? directory.registered(request.creditorKey) : undefined;
    const ownEntry = entry?.account.participant === request.toIspb ? entry : undefined;
    const document = creditTransferDocument({
      endToEndId,
      ...(request.txId ? { txId: request.txId } : {}),
      amount: request.amount,
      acceptedAt: request.acceptedAt ? new Date(request.acceptedAt) : new Date(),
      localInstrument: instrument,
      debtor: {
        ...payer,
        name: request.debtor?.name ?? payer.name,
        document: request.debtor?.document ?? payer.document,
      },
      creditor: {
        ispb: request.toIspb,
        ...((request.creditorName ?? ownEntry?.owner.name)
          ? { name: request.creditorName ?? ownEntry?.owner.name }
          : {}),
        document: request.creditorDocument ?? ownEntry?.owner.taxIdNumber ?? payer.document,
        accountNumber: request.creditorAccount ?? ownEntry?.account.accountNumber ?? "0",
        ...((request.creditorBranch ?? ownEntry?.account.branch)
          ? { branch: request.creditorBranch ?? ownEntry?.account.branch }
          : {}),
        accountType: request.creditorAccountType ?? ownEntry?.account.accountType ?? "CACC",
      },
      ...(instrument !== "MANU" && request.creditorKey ? { creditorKey: request.creditorKey } : {}),
      ...(request.remittanceInfo ? { remittanceInfo: request.remittanceInfo } : {}),
    });
    const tx = newInboundTransaction({
      id: endToEndId,
      kind: "payment",
      payerIspb,
      receiverIspb: request.toIspb,
      amount: request.amount,
      ...(request.creditorKey ? { creditorKey: request.creditorKey } : {}),
      localInstrument: instrument,
      ...(request.txId ? { txId: request.txId } : {}),
    });
    records.participants.add(request.toIspb);
    tx.bizMsgIdr = settlement.submit(tx, { type: "pacs.008", ...document })?.bizMsgIdr ?? "";
    return c.json({ endToEndId, bizMsgIdr: tx.bizMsgIdr }, 201);
  });

  app.post("/returns", async (c) => {
    const request = ReturnRequest.parse(await c.req.json());
    const original = records.transactions.get(request.originalEndToEndId);
    const returningIspb = original && !original.receiverIsParticipant ? original.receiverIspb : DEFAULT_PAYER_ISPB;
    const returnId = newReturnId(returningIspb);
    const document = paymentReturnDocument({
      returnId,
      originalEndToEndId: request.originalEndToEndId,
      amount: request.amount,
      reason: request.reason ?? "MD06",
      ...(request.additionalInfo ? { additionalInfo: request.additionalInfo } : {}),
    });
    const tx = newInboundTransaction({
      id: returnId,
      kind: "return",
      payerIspb: returningIspb,
      receiverIspb: request.toIspb,
      amount: request.amount,
      originalEndToEndId: request.originalEndToEndId,
    });
    records.participants.add(request.toIspb);
    tx.bizMsgIdr = settlement.submit(tx, { type: "pacs.004", ...document })?.bizMsgIdr ?? "";
    return c.json({ returnId, bizMsgIdr: tx.bizMsgIdr }, 201);
  });

  // The simulated payer's institution (the PIX's debited side) files an infraction report on the DICT.
  app.post("/infraction-reports", async (c) => {
    const order = InfractionReportOrder.parse(await c.req.json());
    const payer = records.transactions.get(order.endToEndId);
    if (!payer || payer.payerIsParticipant) return c.json({ error: "no PIX a simulated institution sent" }, 404);
    const filed = fileInfractionReport(context, {
      reporter: payer.payerIspb,
      transactionId: order.endToEndId,
      infractionType: order.infractionType ?? "FRAUD",
      ...(order.details ? { reportDetails: order.details } : {}),
    });
    return "type" in filed ? c.json({ error: filed.type, detail: filed.detail }, 409) : c.json(filed, 201);
  });
  app.get("/infraction-reports", (c) => c.json([...context.infractions.reports.values()]));

  // …and asks the DICT for the money back (createRefund, FRAUD by default).
  app.post("/refunds", async (c) => {
    const order = RefundOrder.parse(await c.req.json());
    const payer = records.transactions.get(order.endToEndId);
    if (!payer || payer.payerIsParticipant) return c.json({ error: "no PIX a simulated institution sent" }, 404);
    const made = requestRefund(context, {
      requester: payer.payerIspb,
      transactionId: order.endToEndId,
      refundReason: order.reason ?? "FRAUD",
      ...(order.amount ? { refundAmount: order.amount } : {}),
      ...(order.details ? { refundDetails: order.details } : {}),
    });
    return "type" in made ? c.json({ error: made.type, detail: made.detail }, 409) : c.json(made, 201);
  });
  app.get("/refunds", (c) => c.json([...context.infractions.refunds.values()]));

  app.get("/transactions", (c) => c.json([...records.transactions.values()].map(transactionView)));

  app.get("/transactions/:id", (c) => {
    const tx = records.transactions.get(c.req.param("id"));
    return tx ? c.json(transactionView(tx)) : c.json({ error: "no such transaction" }, 404);
  });

  app.get("/messages", (c) => {
    const { ispb, type, bizMsgIdr } = c.req.query();
    const messages = records.received.filter(
      (message) =>
        (!ispb || message.ispb === ispb) &&
        (!type || message.type === type) &&
        (!bizMsgIdr || message.bizMsgIdr === bizMsgIdr),
    );
    return c.json(messages);
  });

  app.get("/deliveries", (c) => {
    const { ispb, type } = c.req.query();
    const deliveries = hub.delivered
      .filter((message) => (!ispb || message.ispb === ispb) && (!type || message.type === type))
      .map((message) => ({
        resourceId: message.resourceId,
        ispb: message.ispb,
        type: message.type,
        bizMsgIdr: message.bizMsgIdr,
        reference: message.reference ?? null,
        queuedAt: new Date(message.queuedAt).toISOString(),
        firstDeliveredAt: message.firstDeliveredAt ? new Date(message.firstDeliveredAt).toISOString() : null,
        acknowledgedAt: message.acknowledgedAt ? new Date(message.acknowledgedAt).toISOString() : null,
        deliveries: message.deliveries,
        xml: message.xml,
      }));
    return c.json(deliveries);
  });

  app.get("/stats", (c) =>
    c.json({
      ...records.stats(),
      streams: Object.fromEntries(
        [...records.participants].map((ispb) => [
          ispb,
          { open: hub.openStreamCount(ispb), queued: hub.pendingCount(ispb) },
        ]),
      ),
      dictEntries: directory.list().length,
    }),
  );

  app.get("/faults", (c) => c.json(faults.describe()));
  app.post("/faults", async (c) => {
    faults.apply(FaultsRequest.parse(await c.req.json()));
    return c.json(faults.describe());
  });

  app.post("/echo", async (c) => {
    const { ispb } = z.strictObject({ ispb: Ispb }).parse(await c.req.json());
    settlement.sendEcho(ispb);
    return c.json({ queued: true }, 202);
  });

  app.get("/entries", (c) => c.json(directory.list()));

  app.post("/reset", async (c) => {
    const text = await c.req.text();
    const { keepEntries } = z.strictObject({ keepEntries: z.boolean().optional() }).parse(text ? JSON.parse(text) : {});
    settlement.stop();
    hub.reset();
    records.reset();
    faults.reset();
    budgets.reset();
    context.infractions.reset();
    if (!keepEntries) directory.clear();
    return c.json({ reset: true });
  });

  return app;
}

function newInboundTransaction(
  fields: Pick<Transaction, "id" | "kind" | "payerIspb" | "receiverIspb" | "amount"> &
    Partial<Pick<Transaction, "creditorKey" | "localInstrument" | "txId" | "originalEndToEndId">>,
): Transaction {
  return {
    ...fields,
    payerIsParticipant: false,
    receiverIsParticipant: true,
    bizMsgIdr: "",
    state: "awaiting-answer",
    createdAt: new Date().toISOString(),
    extraAnswers: [],
    statusMessages: [],
  };
}
