import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { newEndToEndId, SPI_ISPB } from "../../server/network-simulator/ids";
import { creditTransferDocument } from "../../server/network-simulator/message-documents";
import { generateIdentity } from "../../server/network-simulator/signing";
import { buildEnvelope, buildSignedEnvelope } from "../../server/network-simulator/spi-messages";
import { sendPixToKey } from "../../server/transfers/pix-out";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { entryOf, eventually, PSP_ISPB, startNetwork, type TestNetwork } from "./support";

const SIMULATED_PAYER = "99999999";

let network: TestNetwork;

beforeAll(async () => {
  network = await startNetwork();
});

afterAll(async () => {
  await network.stop();
});

async function merchantWithKey() {
  const merchant = await fundedMerchant(0n);
  const key = `recebe-${randomUUID().slice(0, 8)}@example.com`;
  await db().pixKey.create({
    data: { id: randomUUID(), accountId: merchant.accountId, type: "EMAIL", key, isCurrent: true },
  });
  return { ...merchant, key };
}

const transaction = (id: string) => network.control(`/transactions/${id}`).then((answer) => answer.json);
const settled = (id: string) =>
  eventually(
    () => transaction(id),
    (tx) => tx.state === "settled" || tx.state === "rejected",
  );
const credits = (endToEndId: string) => db().ledgerEntry.findMany({ where: { endToEndId, type: "credit" } });

describe("PIX in through the network", () => {
  it("accepts a PIX to a key (ACSP), credits it on the ACCC, once, with the answer time measured", async () => {
    const merchant = await merchantWithKey();
    const paid = await network.control("/payments", {
      toIspb: PSP_ISPB,
      creditorKey: merchant.key,
      amount: "12.34",
      debtor: { name: "Pagadora Exemplo", document: "52998224725" },
      remittanceInfo: "Pedido 77",
    });
    expect(paid.status).toBe(201);
    const tx = await settled(paid.json.endToEndId);
    expect(tx).toMatchObject({ answerStatus: "ACSP", state: "settled" });
    // the simulator measured the answer (the 2 s target is the benchmark's: bench/spi-inbound.ts)
    expect(tx.answerTimeMs).toEqual(expect.any(Number));

    const [credit] = await eventually(
      () => credits(paid.json.endToEndId),
      (rows) => rows.length > 0,
    );
    expect(credit).toMatchObject({ status: "succeeded", grossCents: 1_234n, description: "Pedido 77" });
    expect(credit?.payer).toMatchObject({ name: "Pagadora Exemplo", cpfCnpj: "***.982.247-**", ispb: "99999999" });
    expect(await availableCents(merchant.accountId)).toBe(1_234n);
    const inbound = await db().spiMessage.findFirstOrThrow({
      where: { direction: "in", type: "pacs.008", subjectId: paid.json.endToEndId },
    });
    expect(inbound.status).toBe("applied");
    expect(inbound.answerMs).not.toBeNull();
  });

  it("credits once when the network delivers every message twice", async () => {
    const merchant = await merchantWithKey();
    await network.control("/faults", { duplicateDeliveries: true });
    try {
      const paid = await network.control("/payments", { toIspb: PSP_ISPB, creditorKey: merchant.key, amount: "5.00" });
      expect((await settled(paid.json.endToEndId)).state).toBe("settled");
      await eventually(
        () => credits(paid.json.endToEndId),
        (rows) => rows.length > 0,
      );
      // the second copies come and are applied too, changing nothing
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await credits(paid.json.endToEndId)).toHaveLength(1);
      expect(await availableCents(merchant.accountId)).toBe(500n);
    } finally {
      await network.control("/faults", { duplicateDeliveries: false });
    }
  });

  it("rejects a PIX to a key unknown here with AC03, and credits nothing", async () => {
    const paid = await network.control("/payments", {
      toIspb: PSP_ISPB,
      creditorKey: "ninguem@example.com",
      amount: "3.00",
    });
    const tx = await settled(paid.json.endToEndId);
    expect(tx).toMatchObject({ answerStatus: "RJCT", state: "rejected", reason: "AC03" });
    expect(await credits(paid.json.endToEndId)).toHaveLength(0);
  });

  it("marks a charge paid by a QR payment of its amount, and rejects another amount with AM09", async () => {
    const merchant = await merchantWithKey();
    const charge = await createCharge(db(), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      amountCents: 2_500n,
    });
    const payTheQr = (amount: string) =>
      network.control("/payments", {
        toIspb: PSP_ISPB,
        creditorKey: charge.pixKey ?? merchant.key,
        amount,
        txId: charge.txId,
        localInstrument: "QRDN",
      });
    const wrong = await payTheQr("20.00");
    expect(await settled(wrong.json.endToEndId)).toMatchObject({ answerStatus: "RJCT", reason: "AM09" });

    const right = await payTheQr("25.00");
    expect(await settled(right.json.endToEndId)).toMatchObject({ answerStatus: "ACSP", state: "settled" });
    const paid = await eventually(
      () => db().charge.findUniqueOrThrow({ where: { txId: charge.txId } }),
      (found) => found.status === "paid",
    );
    expect(paid.status).toBe("paid");
    expect((await entryOf(right.json.endToEndId)).entryRef).toBe(charge.txId);
    expect(await availableCents(merchant.accountId)).toBe(2_500n);
  });

  it("credits a return (pacs.004) of a PIX sent from here", async () => {
    const payer = await fundedMerchant(10_000n);
    const sent = await sendPixToKey(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 4_000n,
      pixKey: "devolve@example.com",
    });
    await eventually(
      () => entryOf(sent.endToEndId as string),
      (entry) => entry.status === "succeeded",
    );
    const returned = await network.control("/returns", {
      toIspb: PSP_ISPB,
      originalEndToEndId: sent.endToEndId,
      amount: "15.00",
    });
    expect(returned.status).toBe(201);
    expect(await settled(returned.json.returnId)).toMatchObject({ answerStatus: "ACSP", state: "settled" });
    await eventually(
      () => availableCents(payer.accountId),
      (cents) => cents === 10_000n - 4_000n + 1_500n,
    );
    expect(await availableCents(payer.accountId)).toBe(7_500n);
  });

  it("answers an echo at once (pibr.002), and its reader says when", async () => {
    const before = (await network.control("/stats")).json.echoDelayMs?.count ?? 0;
    await network.control("/echo", { ispb: PSP_ISPB });
    const stats = await eventually(
      () => network.control("/stats").then((answer) => answer.json),
      (json) => (json.echoDelayMs?.count ?? 0) > before,
    );
    expect(stats.echoDelayMs.count).toBe(before + 1);
    const reader = await eventually(
      () => db().spiReader.findUnique({ where: { id: network.reader?.id as string } }),
      (row) => row?.lastEchoAt != null,
    );
    expect(reader?.lastEchoAt).not.toBeNull();
  });

  it.each([
    { refusal: "signed by a key other than the network's", code: "DS0B", signer: "stranger", to: "us" },
    { refusal: "not signed", code: "DS0A", signer: "nobody", to: "us" },
    { refusal: "addressed to another institution", code: "CH16", signer: "network", to: "another" },
  ] as const)(
    "refuses a message $refusal with an admi.002 $code, and applies nothing",
    async ({ code, signer, to }) => {
      const merchant = await merchantWithKey();
      const endToEndId = newEndToEndId(SIMULATED_PAYER);
      const envelope = {
        type: "pacs.008" as const,
        fromIspb: SPI_ISPB,
        toIspb: to === "us" ? PSP_ISPB : "87654321",
        ...creditTransferDocument({
          endToEndId,
          amount: "99.00",
          acceptedAt: new Date(),
          localInstrument: "DICT",
          debtor: {
            ispb: SIMULATED_PAYER,
            name: "Falsário",
            document: "52998224725",
            accountNumber: "1",
            branch: "0001",
            accountType: "CACC",
          },
          creditor: { ispb: PSP_ISPB, document: "52998224725", accountNumber: merchant.accountId, accountType: "TRAN" },
          creditorKey: merchant.key,
        }),
      };
      const forged =
        signer === "nobody"
          ? buildEnvelope(envelope)
          : buildSignedEnvelope(
              envelope,
              signer === "network" ? network.identities.network : await generateIdentity("not the network"),
            );
      // queued on our stream as if the SPI had sent it
      network.simulator.state.hub.enqueue({
        ispb: PSP_ISPB,
        type: "pacs.008",
        bizMsgIdr: forged.bizMsgIdr,
        xml: forged.xml,
      });
      const refused = await eventually(
        () => db().spiMessage.findFirst({ where: { direction: "in", bizMsgIdr: forged.bizMsgIdr } }),
        (row) => row?.status === "refused",
      );
      expect(refused?.status).toBe("refused");
      const reject = await eventually(
        () => db().spiMessage.findFirst({ where: { direction: "out", type: "admi.002", subjectId: forged.bizMsgIdr } }),
        (row) => row?.status === "sent",
      );
      expect(reject?.xml).toContain(forged.bizMsgIdr);
      expect(reject?.xml).toMatch(new RegExp(`<RjctgPtyRsn>${code}</RjctgPtyRsn>`));
      // our admi.002 itself is signed and well formed
      const seen = await network.control(`/messages?ispb=${PSP_ISPB}&bizMsgIdr=${reject?.bizMsgIdr}`);
      expect(seen.json[0]).toMatchObject({ type: "admi.002", violations: [] });
      expect(seen.json[0].signature.status).toBe("verified");
      expect(await db().railPayment.findUnique({ where: { id: endToEndId } })).toBeNull();
      expect(await availableCents(merchant.accountId)).toBe(0n);
    },
  );
});
