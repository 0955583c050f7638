import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { refundedCentsOf, requestRefund } from "../../server/refunds/service";
import { sendPixToBankAccount, sendPixToKey } from "../../server/transfers/pix-out";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { entryOf, eventually, PSP_ISPB, startNetwork, type TestNetwork } from "./support";

let network: TestNetwork;

beforeAll(async () => {
  network = await startNetwork();
});

afterAll(async () => {
  await network.stop();
});

/** The message kept for a payment once it satisfies `done` (sent, by default). */
async function sentMessage(
  subjectId: string,
  type = "pacs.008",
  done: (status: string, attempts: number) => boolean = (status) => status === "sent",
) {
  const found = await eventually(
    () => db().spiMessage.findFirst({ where: { direction: "out", subjectId, type } }),
    (message) => message !== null && done(message.status, message.attempts),
  );
  if (!found) throw new Error(`no ${type} was kept for ${subjectId}`);
  return found;
}

const settledOrFailed = (endToEndId: string) =>
  eventually(
    () => entryOf(endToEndId),
    (entry) => entry.status !== "processing",
  );

describe("PIX out through the network", () => {
  it("pays a key: DICT look-up, a signed pacs.008 with the fields of the network, ACSC, succeeded", async () => {
    const payer = await fundedMerchant(10_000n);
    const sent = await sendPixToKey(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 1_500n,
      pixKey: "maria.souza@example.com",
      description: "Aluguel de março",
    });
    expect(sent.status).toBe("processing");
    const account = await db().account.findUniqueOrThrow({ where: { id: payer.accountId } });

    const message = await eventually(
      () => db().spiMessage.findFirst({ where: { direction: "out", subjectId: sent.endToEndId, type: "pacs.008" } }),
      (found) => found?.status === "sent",
    );
    expect(message?.status).toBe("sent");
    const xml = message?.xml ?? "";
    expect(xml).toContain(`<EndToEndId>${sent.endToEndId}</EndToEndId>`);
    expect(xml).toContain("<Prtry>DICT</Prtry>");
    expect(xml).toContain(`<Id>${account.document}</Id>`);
    expect(xml).toContain("<Id>maria.souza@example.com</Id>");
    expect(xml).toContain("Aluguel de março");
    expect(xml).toContain('Ccy="BRL">15.00<');

    // the simulator read it as the network would: signed by us, every field in its place
    const seen = await network.control(`/messages?ispb=${PSP_ISPB}&bizMsgIdr=${message?.bizMsgIdr}`);
    expect(seen.json).toHaveLength(1);
    expect(seen.json[0]).toMatchObject({ type: "pacs.008", outcome: "applied", violations: [] });
    expect(seen.json[0].signature.status).toBe("verified");

    const done = await settledOrFailed(sent.endToEndId as string);
    expect(done.status).toBe("succeeded");
    expect(await availableCents(payer.accountId)).toBe(10_000n - 1_500n);
    const rail = await db().railPayment.findUniqueOrThrow({ where: { id: sent.endToEndId as string } });
    expect(rail.state).toBe("settled");
    // the DICT answer's receiver is the payment's
    expect((done.receiver as { ispb: string }).ispb).toMatch(/^1000000[1-4]$/);
  });

  it("gives the money back with the reason when the receiver rejects it (RJCT)", async () => {
    const payer = await fundedMerchant(5_000n);
    const sent = await sendPixToKey(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 1_000n,
      pixKey: "ac03@fail.sandbox",
    });
    const done = await settledOrFailed(sent.endToEndId as string);
    expect(done.status).toBe("failed");
    expect(done.errorMessage).toContain("AC03");
    expect(await availableCents(payer.accountId)).toBe(5_000n);
    const rail = await db().railPayment.findUniqueOrThrow({ where: { id: sent.endToEndId as string } });
    expect(rail).toMatchObject({ state: "rejected", reasonCode: "AC03" });
  });

  it("pays bank details typed by hand (MANU) with the stated document", async () => {
    const payer = await fundedMerchant(5_000n);
    const sent = await sendPixToBankAccount(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 700n,
      bankAccount: {
        ispb: "10000002",
        agency: "0042",
        accountNumber: "7654321",
        accountType: "CACC",
        cpfCnpj: "529.982.247-25",
        name: "Joana Dias",
      },
    });
    const xml = (
      await eventually(
        () => sentMessage(sent.endToEndId as string),
        (m) => m.status === "sent",
      )
    ).xml;
    expect(xml).toContain("<Prtry>MANU</Prtry>");
    expect(xml).toContain("<Id>52998224725</Id>");
    expect(xml).not.toContain("<Prxy>");
    expect((await settledOrFailed(sent.endToEndId as string)).status).toBe("succeeded");
  });

  it("refuses a key the DICT does not know, and moves no money", async () => {
    const payer = await fundedMerchant(5_000n);
    await expect(
      sendPixToKey(db(), {
        userId: payer.userId,
        accountId: payer.accountId,
        amountCents: 100n,
        pixKey: "ghost@notfound.invalid",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "PIX key not found" });
    expect(await availableCents(payer.accountId)).toBe(5_000n);
  });

  it("sends no payment when the DICT's answer was tampered with", async () => {
    const payer = await fundedMerchant(5_000n);
    await network.control("/faults", { tamperDictResponses: 1 });
    await expect(
      sendPixToKey(db(), {
        userId: payer.userId,
        accountId: payer.accountId,
        amountCents: 100n,
        pixKey: "tampered@example.com",
      }),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(await availableCents(payer.accountId)).toBe(5_000n);
    expect(await db().ledgerEntry.count({ where: { accountId: payer.accountId, type: "debit" } })).toBe(0);
  });

  it("waits while the SPI refuses connections, then settles with one pacs.008", async () => {
    const payer = await fundedMerchant(5_000n);
    await network.control("/faults", { refuseConnectionsForMs: 1500 });
    const sent = await sendPixToBankAccount(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 900n,
      bankAccount: {
        ispb: "10000003",
        agency: "0001",
        accountNumber: "1234567",
        accountType: "SVGS",
        cpfCnpj: "52998224725",
        name: "Paciente Silva",
      },
    });
    const during = await sentMessage(sent.endToEndId as string, "pacs.008", (_, attempts) => attempts > 0);
    expect(during.status).toBe("pending");
    expect((await entryOf(sent.endToEndId as string)).status).toBe("processing");

    const done = await eventually(
      () => entryOf(sent.endToEndId as string),
      (entry) => entry.status !== "processing",
      15_000,
    );
    expect(done.status).toBe("succeeded");
    const kept = await db().spiMessage.findMany({ where: { direction: "out", subjectId: sent.endToEndId as string } });
    expect(kept).toHaveLength(1);
    expect(kept[0]?.attempts).toBeGreaterThan(1);
    const seen = await network.control(`/messages?ispb=${PSP_ISPB}&type=pacs.008&bizMsgIdr=${kept[0]?.bizMsgIdr}`);
    expect(seen.json).toHaveLength(1);
  });
});

describe("refunds through the network", () => {
  it("returns a received PIX with a pacs.004 MD06, decided by ACSC", async () => {
    const merchant = await fundedMerchant(0n);
    const key = `loja-${merchant.accountId}@example.com`;
    await db().pixKey.create({
      data: { id: crypto.randomUUID(), accountId: merchant.accountId, type: "EMAIL", key, isCurrent: true },
    });
    const paid = await network.control("/payments", { toIspb: PSP_ISPB, creditorKey: key, amount: "30.00" });
    const credit = await eventually(
      () => db().ledgerEntry.findFirst({ where: { endToEndId: paid.json.endToEndId, type: "credit" } }),
      (entry) => entry?.status === "succeeded",
    );
    expect(credit?.status).toBe("succeeded");

    const refund = await requestRefund(db(), {
      userId: merchant.userId,
      endToEndId: paid.json.endToEndId,
      amountCents: 1_000n,
      description: "Produto devolvido",
    });
    const message = await eventually(
      () => sentMessage(refund.id, "pacs.004"),
      (m) => m.status === "sent",
    );
    expect(message.xml).toContain(`<RtrId>${refund.id}</RtrId>`);
    expect(message.xml).toContain(`<OrgnlEndToEndId>${paid.json.endToEndId}</OrgnlEndToEndId>`);
    expect(message.xml).toContain("<Cd>MD06</Cd>");
    const done = await settledOrFailed(refund.endToEndId as string);
    expect(done.status).toBe("succeeded");
    expect(await availableCents(merchant.accountId)).toBe(3_000n - 1_000n);
    const refunded = await refundedCentsOf(db(), merchant.userId, [paid.json.endToEndId]);
    expect(refunded.get(paid.json.endToEndId)).toBe(1_000n);
  });
});
