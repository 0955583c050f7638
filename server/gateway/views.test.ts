import { describe, expect, it } from "vitest";
import type { Charge, GatewayWebhook, LedgerEntry, WebhookDelivery } from "../generated/prisma/client";
import { gatewayDeliveryView, gatewayWebhookView } from "../webhooks/views";
import { BalanceAnswer, ChargeAnswer, DeliveryAnswer, PayoutAnswer, RefundAnswer, WebhookAnswer } from "./openapi";
import { chargeView, payoutView, refundView } from "./views";

/** The OpenAPI document's answer schemas (openapi.ts) must describe what the views really write. */
const at = new Date("2026-11-23T12:00:00.000Z");

const charge = {
  txId: "a".repeat(32),
  status: "created",
  amountCents: 1250n,
  emv: "000201...",
  expiresAt: at,
  externalId: null,
  paidEndToEndId: null,
  createdAt: at,
} as unknown as Charge;

const entry = (over: Partial<LedgerEntry>) =>
  ({
    id: "00000000-0000-4000-8000-000000000001",
    endToEndId: `E12345678${"2".repeat(23)}`,
    parentEndToEndId: null,
    status: "succeeded",
    grossCents: 1000n,
    feeCents: 50n,
    externalId: "order-1",
    errorMessage: null,
    createdAt: at,
    ...over,
  }) as unknown as LedgerEntry;

describe("gateway answers match their documented schemas", () => {
  it("charge, with and without its QR image", () => {
    expect(ChargeAnswer.strict().parse(chargeView(charge, "data:image/png;base64,AA"))).toBeTruthy();
    expect(ChargeAnswer.strict().parse(chargeView(charge))).toBeTruthy();
  });

  it("payout in each status, failed with its reason", () => {
    for (const status of ["processing", "succeeded", "failed"] as const) {
      const view = payoutView(entry({ status, errorMessage: status === "failed" ? "AC03: invalid account" : null }));
      expect(PayoutAnswer.strict().parse(view).status).toBe(
        { processing: "processing", succeeded: "settled", failed: "rejected" }[status],
      );
    }
    expect(PayoutAnswer.strict().parse(payoutView(entry({ status: "processing" }), "queued")).status).toBe("queued");
  });

  it("refund", () => {
    expect(RefundAnswer.strict().parse(refundView(entry({ parentEndToEndId: "E1" })))).toBeTruthy();
  });

  it("a view with an undocumented field is refused (the check can fail)", () => {
    expect(() =>
      BalanceAnswer.strict().parse({ balance: 1, blocked_balance: 0, available_balance: 1, extra: 1 }),
    ).toThrow();
  });

  it("webhook registration, on creation and later reads, and a delivery", () => {
    const webhook = {
      id: "00000000-0000-4000-8000-000000000002",
      url: "https://hooks.example.invalid/hook",
      events: ["pix.charge.paid"],
      secretCiphertext: "sealed",
      allowInsecure: false,
      active: true,
      createdAt: at,
    } as unknown as GatewayWebhook;
    expect(WebhookAnswer.strict().parse(gatewayWebhookView(webhook, "whsec_x"))).toBeTruthy();
    expect(WebhookAnswer.strict().parse(gatewayWebhookView(webhook)).signed).toBe(true);
    const delivery = {
      id: "00000000-0000-4000-8000-000000000003",
      eventType: "pix.charge.paid",
      status: "pending",
      attempts: 0,
      nextAttemptAt: at,
      lastAttemptAt: null,
      lastStatusCode: null,
      lastError: null,
      manualReplay: false,
      deliveredAt: null,
      createdAt: at,
      payload: { a: 1 },
    } as unknown as WebhookDelivery;
    expect(DeliveryAnswer.strict().parse(gatewayDeliveryView(delivery))).toBeTruthy();
  });
});
