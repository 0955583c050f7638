import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "../generated/prisma/client";
import { ENTRY_REASONS, UNANNOUNCED_REASONS } from "../ledger/types";
import {
  ACCOUNT_EVENTS,
  accountEventFor,
  accountPayload,
  GATEWAY_EVENTS,
  gatewayEventsFor,
  gatewayPayload,
  isAccountEvent,
  isGatewayEvent,
  subscribes,
} from "./catalog";

const party = (name: string) => ({
  ispb: "99999999",
  personType: "person" as const,
  cpfCnpj: "***.456.789-**",
  name,
  agency: "0001",
  accountType: "payment",
  accountNumber: "100000000001",
});

function entry(over: Partial<LedgerEntry>): LedgerEntry {
  return {
    seq: 1n,
    id: "E9999999920260101000000000000001",
    accountId: "100000000001",
    userId: "00000000-0000-4000-8000-000000000001",
    type: "debit",
    reason: "pix_out:processing",
    status: "processing",
    grossCents: 1050n,
    feeCents: 25n,
    netCents: 1075n,
    idempotencyKey: "k",
    endToEndId: "E9999999920260101000000000000001",
    parentEndToEndId: null,
    entryRef: null,
    externalId: null,
    outgoingExternalId: null,
    requestId: null,
    pixKey: "a@b.co",
    payer: party("Payer"),
    receiver: party("Receiver"),
    obs: null,
    description: null,
    metadata: null,
    errorMessage: null,
    refundedEndToEndId: null,
    medId: null,
    medCreatedAt: null,
    counterpartEntryId: null,
    createdAt: new Date("2026-01-01T12:00:00.000Z"),
    updatedAt: new Date("2026-01-01T12:00:00.000Z"),
    ...over,
  };
}

const charge = (status: string, extra: Record<string, unknown> = {}) => ({
  txId: "Ab12Cd34Ef56Gh78Ij90Kl12Mn",
  accountId: "100000000001",
  status,
  amountCents: "1999",
  externalId: null,
  metadata: null,
  expiresAt: "2026-01-02T00:00:00.000Z",
  paidEndToEndId: null,
  ...extra,
});

const types = (topic: string, payload: object, ctx = {}) =>
  gatewayEventsFor({ topic, payload: payload as never }, ctx).map((e) => `${e.type}:${e.data.status}`);

describe("gateway catalogue (interface 6.1)", () => {
  it("charges: created, paid, expired with the status of the table", () => {
    expect(types("charge.created", charge("created"))).toEqual(["pix.charge.created:created"]);
    expect(types("charge.paid", charge("paid"))).toEqual(["pix.charge.paid:paid"]);
    expect(types("charge.expired", charge("expired"))).toEqual(["pix.charge.expired:expired"]);
  });

  it("charge data: id, status, amount in BRL, tx_id, end_to_end_id when paid, external_id only when set", () => {
    const [paid] = gatewayEventsFor({
      topic: "charge.paid",
      payload: charge("paid", { paidEndToEndId: "E1", externalId: "order-7" }),
    });
    expect(paid?.data).toEqual({
      id: "Ab12Cd34Ef56Gh78Ij90Kl12Mn",
      status: "paid",
      amount: 19.99,
      tx_id: "Ab12Cd34Ef56Gh78Ij90Kl12Mn",
      end_to_end_id: "E1",
      external_id: "order-7",
      expires_at: "2026-01-02T00:00:00.000Z",
    });
    const [created] = gatewayEventsFor({ topic: "charge.created", payload: charge("created") });
    expect(created?.data).not.toHaveProperty("external_id");
    expect(created?.data).not.toHaveProperty("end_to_end_id");
  });

  it("payouts: processing on creation, settled or rejected when they finish", () => {
    const e = entry({});
    expect(types("entry.created", { status: "processing" }, { entry: e })).toEqual([
      "pix.payout.processing:processing",
    ]);
    expect(types("entry.status_changed", { status: "succeeded" }, { entry: e })).toEqual([
      "pix.payout.confirmed:settled",
    ]);
    expect(types("entry.status_changed", { status: "failed" }, { entry: entry({ errorMessage: "AC03: x" }) })).toEqual([
      "pix.payout.failed:rejected",
    ]);
    // inside the platform a payout settles at once
    expect(types("entry.created", { status: "succeeded" }, { entry: entry({ status: "succeeded" }) })).toEqual([
      "pix.payout.confirmed:settled",
    ]);
    expect(types("entry.created", { status: "processing" }, { entry: entry({ reason: "pix_out:emv_pay" }) })).toEqual([
      "pix.payout.processing:processing",
    ]);
  });

  it("uses the status at the event, not the row's current one", () => {
    const settledSince = entry({ status: "succeeded" });
    expect(types("entry.created", { status: "processing" }, { entry: settledSince })).toEqual([
      "pix.payout.processing:processing",
    ]);
  });

  it("payout data: external_id only when the payout has one; error_message on failures", () => {
    const [withId] = gatewayEventsFor(
      { topic: "entry.created", payload: { status: "processing" } },
      { entry: entry({ externalId: "po-1" }) },
    );
    expect(withId?.data).toEqual({
      id: "E9999999920260101000000000000001",
      status: "processing",
      amount: 10.5,
      fee: 0.25,
      end_to_end_id: "E9999999920260101000000000000001",
      external_id: "po-1",
      pix_key: "a@b.co",
    });
    const [without] = gatewayEventsFor(
      { topic: "entry.created", payload: { status: "processing" } },
      { entry: entry({}) },
    );
    expect(without?.data).not.toHaveProperty("external_id");
    const [failed] = gatewayEventsFor(
      { topic: "entry.status_changed", payload: { status: "failed" } },
      { entry: entry({ status: "failed", errorMessage: "AC03: invalid account" }) },
    );
    expect(failed?.data.error_message).toBe("AC03: invalid account");
  });

  it("queued payouts: pix.payout.queued from payout.queued, and no processing for the queued entry", () => {
    expect(types("payout.queued", { status: "processing" }, { entry: entry({}) })).toEqual([
      "pix.payout.queued:queued",
    ]);
    expect(types("entry.created", { status: "processing" }, { entry: entry({}), queued: true })).toEqual([]);
  });

  it("a queued payout that leaves the DICT queue: pix.payout.processing from payout.dequeued", () => {
    expect(types("payout.dequeued", { status: "processing" }, { entry: entry({}), queued: true })).toEqual([
      "pix.payout.processing:processing",
    ]);
  });

  it("a refund of a received PIX: pix.refund.completed (settled) when it settles, nothing before", () => {
    const refund = entry({
      id: "D9999999920260101000000000000003",
      endToEndId: "D9999999920260101000000000000003",
      reason: "pix_in:refunded_processing",
      parentEndToEndId: "E9999999920260101000000000000009",
      feeCents: 0n,
      netCents: 1050n,
      pixKey: null,
    });
    expect(types("entry.created", { status: "processing" }, { entry: refund })).toEqual([]);
    expect(types("entry.status_changed", { status: "failed" }, { entry: refund })).toEqual([]);
    const [completed] = gatewayEventsFor(
      { topic: "entry.status_changed", payload: { status: "succeeded" } },
      { entry: refund },
    );
    expect(completed).toEqual({
      type: "pix.refund.completed",
      data: {
        id: "D9999999920260101000000000000003",
        status: "settled",
        amount: 10.5,
        end_to_end_id: "D9999999920260101000000000000003",
        original_end_to_end_id: "E9999999920260101000000000000009",
      },
    });
  });

  it("charge metadata travels in every charge event", () => {
    for (const topic of ["charge.created", "charge.paid", "charge.expired"]) {
      const [event] = gatewayEventsFor({ topic, payload: charge("created", { metadata: { order: 7 } }) });
      expect(event?.data.metadata).toEqual({ order: 7 });
    }
  });

  it("a return of a payout: pix.payout.returned (returned) and pix.return.received (settled)", () => {
    const credit = entry({
      id: "D9999999920260101000000000000002",
      endToEndId: "D9999999920260101000000000000002",
      type: "credit",
      reason: "pix_out:refunded_processing",
      status: "succeeded",
      grossCents: 500n,
      feeCents: 0n,
      netCents: 500n,
      parentEndToEndId: "E9999999920260101000000000000001",
    });
    const events = gatewayEventsFor(
      { topic: "entry.created", payload: { status: "succeeded" } },
      { entry: credit, parent: entry({ externalId: "po-1" }) },
    );
    expect(events).toEqual([
      {
        type: "pix.payout.returned",
        data: {
          id: "E9999999920260101000000000000001",
          status: "returned",
          amount: 5,
          end_to_end_id: "E9999999920260101000000000000001",
          return_end_to_end_id: "D9999999920260101000000000000002",
          external_id: "po-1",
        },
      },
      {
        type: "pix.return.received",
        data: {
          id: "D9999999920260101000000000000002",
          status: "settled",
          amount: 5,
          end_to_end_id: "D9999999920260101000000000000002",
          original_end_to_end_id: "E9999999920260101000000000000001",
        },
      },
    ]);
  });

  it("nothing for movements outside the catalogue (credits via key, internal transfers, refunds)", () => {
    for (const over of [
      { type: "credit" as const, reason: "pix_in:credited", status: "succeeded" as const },
      { type: "credit" as const, reason: "pix_in:qrcode_paid", status: "succeeded" as const },
      { type: "debit" as const, reason: "internal:transfer_out", status: "succeeded" as const },
      { type: "debit" as const, reason: "pix_in:refunded_processing" },
    ]) {
      expect(types("entry.created", { status: over.status ?? "processing" }, { entry: entry(over) })).toEqual([]);
    }
    expect(types("rail.payment_submitted", {}, {})).toEqual([]);
    expect(types("entry.created", { status: "processing" }, {})).toEqual([]);
  });

  it("subscribable names: the 6.1 table (cancelled included, never sent); others are unknown", () => {
    expect(GATEWAY_EVENTS).toHaveLength(16);
    expect(isGatewayEvent("pix.charge.cancelled")).toBe(true);
    expect(isGatewayEvent("webhook.test")).toBe(true);
    for (const name of ["pix_in:credited", "*", "pix.charge", "constructor", "toString"]) {
      expect(isGatewayEvent(name)).toBe(false);
    }
  });

  it("payload envelope: { id, type, created_at, data }", () => {
    expect(gatewayPayload("d-1", "pix.charge.paid", new Date("2026-01-01T00:00:00Z"), { id: "x" })).toEqual({
      id: "d-1",
      type: "pix.charge.paid",
      created_at: "2026-01-01T00:00:00.000Z",
      data: { id: "x" },
    });
  });
});

describe("account-surface catalogue (interface 6.4)", () => {
  const name = (over: Partial<LedgerEntry>, topic = "entry.created", status?: string) =>
    accountEventFor({ topic, payload: { status: status ?? over.status ?? "succeeded" } }, { entry: entry(over) })
      ?.event ?? null;

  it("names events after the entry's reason", () => {
    expect(name({ type: "credit", reason: "pix_in:qrcode_paid", status: "succeeded" })).toBe("pix_in:qrcode_paid");
    expect(name({ type: "credit", reason: "pix_in:credited", status: "succeeded" })).toBe("pix_in:credited");
    expect(name({ type: "debit", reason: "pix_in:refunded_processing", status: "processing" })).toBe(
      "pix_in:refunded_processing",
    );
    expect(name({ type: "debit", reason: "pix_out:processing", status: "processing" })).toBe("pix_out:processing");
    expect(name({ type: "debit", reason: "pix_out:emv_pay", status: "processing" })).toBe("pix_out:processing");
    expect(name({ type: "credit", reason: "pix_out:refunded_processing", status: "succeeded" })).toBe(
      "pix_out:refunded_processing",
    );
    expect(name({ type: "debit", reason: "internal:transfer_out" })).toBeNull();
    expect(name({ type: "credit", reason: "internal:transfer_in" })).toBeNull();
  });

  it("a status change is sent again under the same name with the new status", () => {
    const event = accountEventFor(
      { topic: "entry.status_changed", payload: { status: "succeeded" } },
      { entry: entry({ status: "succeeded" }) },
    );
    expect(event).toMatchObject({ event: "pix_out:processing", object: { status: "succeeded" } });
    expect(accountEventFor({ topic: "charge.paid", payload: {} }, { entry: entry({}) })).toBeNull();
  });

  it("payload: { webhookId, userId, accountId, event, object } with the entry's parties", () => {
    const event = accountEventFor(
      { topic: "entry.created", payload: { status: "processing" } },
      { entry: entry({ externalId: "ext-9" }) },
    );
    if (!event) throw new Error("expected an event");
    expect(accountPayload("cfg-1", { userId: "u-1", accountId: "100000000001" }, event)).toEqual({
      webhookId: "cfg-1",
      userId: "u-1",
      accountId: "100000000001",
      event: "pix_out:processing",
      object: {
        id: "E9999999920260101000000000000001",
        externalId: "ext-9",
        status: "processing",
        grossAmount: 10.5,
        feeAmount: 0.25,
        netAmount: 10.75,
        endToEndId: "E9999999920260101000000000000001",
        createdAt: Date.parse("2026-01-01T12:00:00.000Z"),
        payer: party("Payer"),
        receiver: party("Receiver"),
      },
    });
  });

  it("subscriptions: the six names and `*`", () => {
    expect(ACCOUNT_EVENTS).toHaveLength(8);
    expect(isAccountEvent("*")).toBe(true);
    expect(isAccountEvent("med:received")).toBe(true);
    expect(isAccountEvent("pix.charge.paid")).toBe(false);
    expect(subscribes(["*"], "pix_in:credited")).toBe(true);
    expect(subscribes(["pix_in:credited"], "pix_out:processing")).toBe(false);
  });
});

describe("what the ledger leaves unannounced (UNANNOUNCED_REASONS)", () => {
  // The ledger writes no outbox event for these reasons' entries: no catalog may want one.
  const announced = (reason: string) =>
    (["debit", "credit"] as const).some((type) =>
      (["processing", "succeeded", "failed"] as const).some((status) =>
        ["entry.created", "entry.status_changed"].some((topic) => {
          const ctx = { entry: entry({ type, reason, status }) };
          const event = { topic, payload: { status } as never };
          return gatewayEventsFor(event, ctx).length > 0 || accountEventFor(event, ctx) !== null;
        }),
      ),
    );

  it.each([...ENTRY_REASONS])("%s", (reason) => {
    expect(announced(reason)).toBe(!UNANNOUNCED_REASONS.has(reason));
  });
});
