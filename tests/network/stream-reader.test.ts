import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { eventually, PSP_ISPB, startNetwork, type TestNetwork } from "./support";

let network: TestNetwork;

beforeAll(async () => {
  network = await startNetwork({ reader: false });
});

afterAll(async () => {
  await network.stop();
});

async function merchantWithKey() {
  const merchant = await fundedMerchant(0n);
  const key = `leitor-${randomUUID().slice(0, 8)}@example.com`;
  await db().pixKey.create({
    data: { id: randomUUID(), accountId: merchant.accountId, type: "EMAIL", key, isCurrent: true },
  });
  return { ...merchant, key };
}

const transaction = (id: string) => network.control(`/transactions/${id}`).then((answer) => answer.json);
const credits = (endToEndId: string) => db().ledgerEntry.findMany({ where: { endToEndId, type: "credit" } });

describe("the SPI stream reader", () => {
  it("gets again a message its crashed reader never kept, and applies it once", async () => {
    const merchant = await merchantWithKey();
    let crashed = false;
    const first = network.startReader({
      streams: 1,
      onDelivery: (xml) => {
        if (xml.includes("FIToFICstmrCdtTrf") && !crashed) {
          crashed = true;
          first.abandon();
        }
      },
    });
    const paid = await network.control("/payments", { toIspb: PSP_ISPB, creditorKey: merchant.key, amount: "8.00" });
    await eventually(
      async () => crashed,
      (done) => done,
    );
    expect(crashed).toBe(true);
    expect(await db().spiMessage.count({ where: { direction: "in", subjectId: paid.json.endToEndId } })).toBe(0);

    // the abandoned stream idles out at the SPI, which hands the message to the next stream
    const second = network.startReader({ streams: 2 });
    const tx = await eventually(
      () => transaction(paid.json.endToEndId),
      (found) => found.state === "settled",
    );
    expect(tx.state).toBe("settled");
    await eventually(
      () => credits(paid.json.endToEndId),
      (rows) => rows.length > 0,
    );
    expect(await credits(paid.json.endToEndId)).toHaveLength(1);
    expect(await availableCents(merchant.accountId)).toBe(800n);
    const deliveries = await network.control(`/deliveries?ispb=${PSP_ISPB}&type=pacs.008`);
    const delivery = deliveries.json.find((item: { reference: string }) => item.reference === paid.json.endToEndId);
    expect(delivery.deliveries).toBeGreaterThanOrEqual(2);

    // its row says how it reads; stopping closes its streams
    const status = await eventually(
      () => db().spiReader.findUnique({ where: { id: second.id } }),
      (row) => (row?.streamsOpen ?? 0) >= 1 && row?.lastMessageAt !== null,
    );
    expect(status?.streamsOpen).toBeGreaterThanOrEqual(1);
    await second.stop();
    await eventually(
      () => network.control("/stats").then((stats) => stats.json.streams[PSP_ISPB]?.open ?? 0),
      (open) => open <= 1,
    );
    expect((await db().spiReader.findUniqueOrThrow({ where: { id: second.id } })).streamsOpen).toBe(0);
  });

  it("dispatches what a crash left kept but not applied (the sweeper)", async () => {
    const merchant = await merchantWithKey();
    // keeps (and so acknowledges) every message, dispatches none, then dies
    const keeper = network.startReader({ streams: 1, concurrency: 0, leaseMs: 300, sweepEveryMs: 3_600_000 });
    const paid = await network.control("/payments", { toIspb: PSP_ISPB, creditorKey: merchant.key, amount: "6.00" });
    const kept = await eventually(
      () =>
        db().spiMessage.findFirst({
          where: { direction: "in", type: "pacs.008", xml: { contains: paid.json.endToEndId } },
        }),
      (row) => row !== null,
    );
    expect(kept?.status).toBe("received");
    keeper.abandon();

    network.startReader({ streams: 1, leaseMs: 300, sweepEveryMs: 100 });
    const tx = await eventually(
      () => transaction(paid.json.endToEndId),
      (found) => found.state === "settled",
    );
    expect(tx).toMatchObject({ answerStatus: "ACSP", state: "settled" });
    await eventually(
      () => credits(paid.json.endToEndId),
      (rows) => rows.length > 0,
    );
    expect(await credits(paid.json.endToEndId)).toHaveLength(1);
    expect((await db().spiMessage.findUniqueOrThrow({ where: { id: kept?.id as string } })).status).toBe("applied");
  });
});
