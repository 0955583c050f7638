import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { sendPixToBankAccount, sendPixToKey } from "../../server/transfers/pix-out";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { entryOf, eventually, startNetwork, type TestNetwork } from "./support";

let network: TestNetwork;

beforeAll(async () => {
  network = await startNetwork({ tls: true });
});

afterAll(async () => {
  await network.stop();
});

describe("the network over mutual TLS", () => {
  it("looks keys up, sends and reads its decisions with the configured client certificate", async () => {
    expect(network.url).toMatch(/^https:/);
    const payer = await fundedMerchant(5_000n);
    const byKey = await sendPixToKey(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 1_000n,
      pixKey: "seguro@example.com",
    });
    const byDetails = await sendPixToBankAccount(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      amountCents: 500n,
      bankAccount: {
        ispb: "10000004",
        agency: "0001",
        accountNumber: "99887766",
        accountType: "CACC",
        cpfCnpj: "52998224725",
        name: "Joana Dias",
      },
    });
    for (const sent of [byKey, byDetails]) {
      const done = await eventually(
        () => entryOf(sent.endToEndId as string),
        (entry) => entry.status !== "processing",
      );
      expect(done.status).toBe("succeeded");
    }
    expect(await availableCents(payer.accountId)).toBe(3_500n);
  });
});
