import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyXml } from "./signing";
import {
  control,
  isType,
  openStream,
  PARTICIPANT_ISPB,
  participantCreditTransfer,
  participantReturn,
  participantStatusReport,
  pullNext,
  pullUntil,
  type RunningSimulator,
  sendMessage,
  startSimulator,
  waitFor,
} from "./test-support";
import { textAt } from "./xml";

let running: RunningSimulator;

beforeAll(async () => {
  running = await startSimulator({ answerTimeoutMs: 400 });
});
afterAll(() => running.stop());

interface TransactionView {
  state: string;
  answerStatus: string | null;
  answerTimeMs: number | null;
  reason?: string;
  settled: boolean;
  statusMessages: { ispb: string; status: string }[];
  extraAnswers: unknown[];
}

const transaction = (id: string) => control<TransactionView>(running.url, `/transactions/${id}`).then((r) => r.json);

/** A creditor of a simulated institution, as the DICT resolves its key. */
function creditorOf(key: string) {
  const entry = running.simulator.state.directory.resolve(key);
  if (!entry) throw new Error(`no entry for ${key}`);
  return {
    ispb: entry.account.participant,
    document: entry.owner.taxIdNumber,
    accountNumber: entry.account.accountNumber,
    branch: entry.account.branch as string,
    accountType: entry.account.accountType,
  };
}

describe("a PIX the participant sends", () => {
  it("settles: pacs.002 ACSC with the settlement time on the participant's stream, signed by the network", async () => {
    const key = "joana@example.com";
    const message = participantCreditTransfer(running.participant, { creditorKey: key, creditor: creditorOf(key) });
    const stream = await openStream(running.url);
    expect((await sendMessage(running.url, message.xml)).status).toBe(201);
    const { message: report, pulled } = await pullUntil(running.url, stream, isType("pacs.002"));
    expect(textAt(report.document, "TxInfAndSts/OrgnlInstrId")).toBe(message.endToEndId);
    expect(textAt(report.document, "TxInfAndSts/TxSts")).toBe("ACSC");
    expect(textAt(report.document, "TxInfAndSts/FctvIntrBkSttlmDt/DtTm")).toMatch(/Z$/);
    expect(verifyXml(pulled.xml, "spi-message", running.network.certificatePem)).toEqual({ status: "verified" });
    expect((await transaction(message.endToEndId)).settled).toBe(true);
  });

  it("is rejected with the code of a xxxx@fail.sandbox key, and AC03 for a key the DICT does not hold", async () => {
    const failing = participantCreditTransfer(running.participant, { creditorKey: "ac06@fail.sandbox" });
    const unknown = participantCreditTransfer(running.participant, { creditorKey: "ninguem@notfound.invalid" });
    const stream = await openStream(running.url);
    await sendMessage(running.url, failing.xml);
    await sendMessage(running.url, unknown.xml);
    const reasons = new Map<string, string | undefined>();
    let current = stream;
    while (reasons.size < 2) {
      const found = await pullUntil(running.url, current, isType("pacs.002", "RJCT"));
      reasons.set(
        textAt(found.message.document, "TxInfAndSts/OrgnlInstrId") as string,
        textAt(found.message.document, "TxInfAndSts/StsRsnInf/Rsn/Cd"),
      );
      current = await pullNext(running.url, found.pulled.pullNext as string);
    }
    expect(reasons.get(failing.endToEndId)).toBe("AC06");
    expect(reasons.get(unknown.endToEndId)).toBe("AC03");
  });

  it("sends no ACSC while settlement messages are dropped, though the money settles", async () => {
    const key = "drop@example.com";
    await control(running.url, "/faults", { dropSettlementMessages: 1 });
    const message = participantCreditTransfer(running.participant, { creditorKey: key, creditor: creditorOf(key) });
    await sendMessage(running.url, message.xml);
    const settled = await waitFor(
      () => transaction(message.endToEndId),
      (tx) => tx.settled,
    );
    expect(settled.statusMessages).toEqual([expect.objectContaining({ status: "ACSC", dropped: true })]);
  });
});

describe("a PIX the participant receives", () => {
  async function receive(ispb: string) {
    const { json } = await control<{ endToEndId: string }>(running.url, "/payments", {
      toIspb: ispb,
      creditorKey: "loja@example.com",
      amount: "25.00",
    });
    const stream = await openStream(running.url, ispb);
    const delivered = await pullUntil(running.url, stream, isType("pacs.008"));
    return { endToEndId: json.endToEndId, delivered };
  }

  function answer(ispb: string, endToEndId: string, status: "ACSP" | "RJCT", reason?: string) {
    const report = participantStatusReport(
      running.participant,
      { originalInstructionId: endToEndId, originalEndToEndId: endToEndId, status, ...(reason ? { reason } : {}) },
      ispb,
    );
    return sendMessage(running.url, report.xml, { ispb });
  }

  it("answered ACSP in time: the SPI settles and sends ACCC, and records the answer time", async () => {
    const ispb = "30000001";
    const { endToEndId, delivered } = await receive(ispb);
    expect(textAt(delivered.message.document, "CdtTrfTxInf/CdtrAcct/Prxy/Id")).toBe("loja@example.com");
    await answer(ispb, endToEndId, "ACSP");
    const next = await pullNext(running.url, delivered.pulled.pullNext as string);
    const accc = await pullUntil(running.url, next, isType("pacs.002", "ACCC"));
    expect(textAt(accc.message.document, "TxInfAndSts/OrgnlEndToEndId")).toBe(endToEndId);
    const tx = await transaction(endToEndId);
    expect(tx).toMatchObject({ state: "settled", answerStatus: "ACSP", settled: true });
    expect(tx.answerTimeMs).toBeGreaterThanOrEqual(0);
    const stats = await control<{ answerTimeMs: { count: number } }>(running.url, "/stats");
    expect(stats.json.answerTimeMs.count).toBeGreaterThan(0);
  });

  it("answered RJCT: the payer is rejected with the reason and no ACCC comes", async () => {
    const ispb = "30000002";
    const { endToEndId } = await receive(ispb);
    await answer(ispb, endToEndId, "RJCT", "AC03");
    const tx = await waitFor(
      () => transaction(endToEndId),
      (view) => view.state === "rejected",
    );
    expect(tx).toMatchObject({ state: "rejected", reason: "AC03", settled: false, statusMessages: [] });
  });

  it("not answered in time: rejected AB03, and a late ACSP is recorded but brings no ACCC", async () => {
    const ispb = "30000003";
    const { endToEndId } = await receive(ispb);
    const rejected = await waitFor(
      () => transaction(endToEndId),
      (view) => view.state === "rejected",
      2000,
    );
    expect(rejected.reason).toBe("AB03");
    await answer(ispb, endToEndId, "ACSP");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await transaction(endToEndId);
    expect(after.state).toBe("rejected");
    expect(after.extraAnswers).toEqual([expect.objectContaining({ status: "ACSP", late: true })]);
    expect(after.statusMessages.map((message) => message.status)).toEqual(["RJCT"]);
  });

  it("a return the participant sends of a PIX it received settles with ACSC naming the RtrId", async () => {
    const ispb = PARTICIPANT_ISPB;
    const { json } = await control<{ endToEndId: string }>(running.url, "/payments", {
      toIspb: ispb,
      creditorAccount: "998877",
      amount: "30.00",
    });
    const stream = await openStream(running.url, ispb);
    const delivered = await pullUntil(running.url, stream, isType("pacs.008"));
    await sendMessage(
      running.url,
      participantStatusReport(running.participant, {
        originalInstructionId: json.endToEndId,
        originalEndToEndId: json.endToEndId,
        status: "ACSP",
      }).xml,
    );
    await waitFor(
      () => transaction(json.endToEndId),
      (view) => view.settled,
    );
    const refund = participantReturn(running.participant, { originalEndToEndId: json.endToEndId, amount: "12.00" });
    await sendMessage(running.url, refund.xml);
    const next = await pullNext(running.url, delivered.pulled.pullNext as string);
    const report = await pullUntil(
      running.url,
      next,
      (message) =>
        isType("pacs.002", "ACSC")(message) && textAt(message.document, "TxInfAndSts/OrgnlInstrId") === refund.returnId,
    );
    expect(textAt(report.message.document, "TxInfAndSts/OrgnlEndToEndId")).toBe(json.endToEndId);
  });
});
