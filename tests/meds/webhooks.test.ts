import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { openMed, resolveMed, submitDefense } from "../../server/meds/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { fundedMerchant } from "../support/fixtures";
import { settleOutbox as relay } from "../support/outbox";

describe("MED webhooks through the relay", () => {
  beforeAll(() => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
  });

  it("creates the gateway and account deliveries of each step, the refund's completion included", async () => {
    const shop = await fundedMerchant(0n);
    const credit = await creditIncomingPix(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 700n });
    await relay();
    await db().gatewayWebhook.create({
      data: {
        id: randomUUID(),
        userId: shop.userId,
        url: "https://hooks.example.invalid/gw",
        events: [
          "pix.infraction.created",
          "pix.infraction.defense_submitted",
          "pix.infraction.resolved",
          "pix.refund.requested",
          "pix.refund.completed",
        ],
      },
    });
    await db().webhookConfig.create({
      data: {
        id: randomUUID(),
        userId: shop.userId,
        events: ["med:received"],
        targetUrl: "https://hooks.example.invalid/a",
      },
    });

    const e2e = credit.endToEndId as string;
    const med = await openMed(db(), { userId: shop.userId, endToEndId: e2e });
    await submitDefense(db(), { userId: shop.userId, endToEndId: e2e, description: "prova" });
    await resolveMed(db(), { medId: med.id, status: "accepted" });
    await relay(); // fans out and settles the refund
    await relay(); // fans out the settlement

    const deliveries = await db().webhookDelivery.findMany({
      where: { userId: shop.userId },
      orderBy: { createdAt: "asc" },
    });
    const types = deliveries.map((d) => d.eventType);
    expect(types.sort()).toEqual(
      [
        "med:received",
        "pix.infraction.created",
        "pix.refund.requested",
        "pix.infraction.defense_submitted",
        "pix.infraction.resolved",
        "pix.refund.completed",
      ].sort(),
    );
    const resolved = deliveries.find((d) => d.eventType === "pix.infraction.resolved");
    expect(resolved?.payload).toHaveProperty("data");
    expect((resolved?.payload as { data?: Record<string, unknown> } | undefined)?.data).toMatchObject({
      id: med.id,
      status: "CLOSED",
      resolution: "accepted",
      end_to_end_id: e2e,
    });
    const received = deliveries.find((d) => d.eventType === "med:received");
    expect(received?.payload).toMatchObject({
      event: "med:received",
      accountId: shop.accountId,
      object: { id: med.id, status: "under_analysis", grossAmount: 7, endToEndId: e2e },
    });
  });
});
