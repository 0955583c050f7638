/**
 * The two webhook catalogues (interface 6.1 gateway, 6.4 account surface) and how outbox events
 * map onto them. Pure: the fan-out (fanout.ts) loads what the mapping needs and calls these.
 */
import type { LedgerEntry, OutboxEvent } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { centsToBrl } from "../money";

/** Interface 6.1, in its order. */
export const GATEWAY_EVENT_STATUS = {
  "pix.charge.created": "created",
  "pix.charge.paid": "paid",
  "pix.charge.expired": "expired",
  "pix.charge.cancelled": "cancelled",
  "pix.payout.queued": "queued",
  "pix.payout.processing": "processing",
  "pix.payout.confirmed": "settled",
  "pix.payout.failed": "rejected",
  "pix.payout.returned": "returned",
  "pix.refund.requested": "requested",
  "pix.refund.completed": "settled",
  "pix.return.received": "settled",
  "pix.infraction.created": "ACKNOWLEDGED",
  "pix.infraction.resolved": "CLOSED",
  "pix.infraction.defense_submitted": "defense_submitted",
  "webhook.test": "test",
} as const;

export type GatewayEventType = keyof typeof GATEWAY_EVENT_STATUS;
export const GATEWAY_EVENTS = Object.keys(GATEWAY_EVENT_STATUS) as GatewayEventType[];

/** Interface 6.4; `*` subscribes to all. */
export const ACCOUNT_EVENTS = [
  "pix_in:qrcode_paid",
  "pix_in:credited",
  "pix_in:refunded_processing",
  "pix_out:processing",
  "pix_out:refunded_processing",
  "med:received",
  /** Pix Automático (docs/decisions/0042): a recurrence created or changed status; object: the API Pix rec */
  "pix_automatico:recurrence_updated",
  /** a recurring charge (cobr) changed; object: the API Pix cobr */
  "pix_automatico:charge_updated",
] as const;
export type AccountEventName = (typeof ACCOUNT_EVENTS)[number];
export const ACCOUNT_WILDCARD = "*";

export function isGatewayEvent(name: string): name is GatewayEventType {
  return Object.hasOwn(GATEWAY_EVENT_STATUS, name);
}

export function isAccountEvent(name: string): name is AccountEventName | "*" {
  return name === ACCOUNT_WILDCARD || (ACCOUNT_EVENTS as readonly string[]).includes(name);
}

/** The names of a subscription list that are not in the catalogue, in the order given. */
export function unknownEvents(names: readonly string[], known: (name: string) => boolean): string[] {
  return [...new Set(names.filter((n) => !known(n)))];
}

/** One gateway event to send: its type and the `data` object of the payload. */
export type GatewayEvent = { type: GatewayEventType; data: Record<string, unknown> };
/** The account-surface event name and its `object`. */
export type AccountEvent = { event: AccountEventName; object: AccountObject };

export type AccountObject = {
  id: string;
  externalId: string | null;
  status: string;
  grossAmount: number;
  feeAmount: number;
  netAmount: number;
  endToEndId: string | null;
  createdAt: number;
  payer: Party | null;
  receiver: Party | null;
  /** a charge payment through a payment link: the link's id */
  paymentLinkId?: string;
};

type ChargeSnapshot = {
  txId: string;
  status: string;
  amountCents: string;
  externalId: string | null;
  metadata?: Record<string, unknown> | null;
  expiresAt: string;
  paidEndToEndId: string | null;
  paymentLinkId?: string;
  /** charge.paid: what the paying PIX's credit moved (docs/decisions/0058) */
  grossCents?: string;
  feeCents?: string;
  netCents?: string;
};

/** What the mapping needs besides the event: the entry it names, as read at fan-out time. */
export type MappingContext = {
  entry?: LedgerEntry | null;
  /** for a return credit: the payout it returns */
  parent?: LedgerEntry | null;
  /** the payout entry waits in the DICT queue (its `queued` event stands for `processing`) */
  queued?: boolean;
  /** the payment link of the charge the entry paid, if any */
  paymentLinkId?: string | null;
};

const CHARGE_TOPICS = {
  "charge.created": "pix.charge.created",
  "charge.paid": "pix.charge.paid",
  "charge.expired": "pix.charge.expired",
} as const satisfies Record<string, GatewayEventType>;

/** Entry topics whose mapping needs the entry read from the database. */
export const ENTRY_TOPICS = ["entry.created", "entry.status_changed", "payout.queued", "payout.dequeued"] as const;
/** MED topics (server/meds): entryId names the disputed credit, the payload is the MED's snapshot. */
export const MED_TOPICS = ["med.created", "med.defense_submitted", "med.resolved"] as const;
/** Every outbox topic the fan-out listens to. */
export const WEBHOOK_TOPICS = [...Object.keys(CHARGE_TOPICS), ...ENTRY_TOPICS, ...MED_TOPICS] as const;

type MedPayload = {
  medId: string;
  endToEndId: string;
  status: string;
  disputedCents: string;
  blockedCents: string;
  defenseDeadline: string;
  defenseCreatedAt: string | null;
  refundedEndToEndId: string | null;
  createdAt: string;
};

/**
 * docs/decisions/0012-meds.md: opening gives `pix.infraction.created` and, when money was
 * blocked, `pix.refund.requested` (the preventive block); a defense gives
 * `pix.infraction.defense_submitted`; either decision gives `pix.infraction.resolved` (CLOSED,
 * `resolution` tells which). The refund of an accepted MED sends `pix.refund.completed` as any
 * refund does when it settles.
 */
function medGatewayEvents(topic: string, med: MedPayload): GatewayEvent[] {
  const base = {
    id: med.medId,
    end_to_end_id: med.endToEndId,
    amount: brl(med.disputedCents),
    defense_deadline: med.defenseDeadline,
  };
  if (topic === "med.created") {
    const out: GatewayEvent[] = [
      { type: "pix.infraction.created", data: { ...base, status: GATEWAY_EVENT_STATUS["pix.infraction.created"] } },
    ];
    if (BigInt(med.blockedCents) > 0n) {
      out.push({
        type: "pix.refund.requested",
        data: {
          id: med.medId,
          status: GATEWAY_EVENT_STATUS["pix.refund.requested"],
          amount: brl(med.blockedCents),
          original_end_to_end_id: med.endToEndId,
          infraction_id: med.medId,
        },
      });
    }
    return out;
  }
  if (topic === "med.defense_submitted") {
    return [
      {
        type: "pix.infraction.defense_submitted",
        data: { ...base, status: GATEWAY_EVENT_STATUS["pix.infraction.defense_submitted"] },
      },
    ];
  }
  if (topic === "med.resolved") {
    return [
      {
        type: "pix.infraction.resolved",
        data: {
          ...base,
          status: GATEWAY_EVENT_STATUS["pix.infraction.resolved"],
          resolution: med.status,
          ...(med.refundedEndToEndId ? { refund_end_to_end_id: med.refundedEndToEndId } : {}),
        },
      },
    ];
  }
  return [];
}

const isMedTopic = (topic: string) => (MED_TOPICS as readonly string[]).includes(topic);

const PAYOUT_REASONS = new Set(["pix_out:processing", "pix_out:emv_pay"]);
const RETURN_REASON = "pix_out:refunded_processing";
const REFUND_REASON = "pix_in:refunded_processing";

const brl = (cents: bigint | string) => centsToBrl(typeof cents === "bigint" ? cents : BigInt(cents));
const withExternalId = (externalId: string | null | undefined) => (externalId ? { external_id: externalId } : {});

function chargeData(type: GatewayEventType, charge: ChargeSnapshot): Record<string, unknown> {
  return {
    id: charge.txId,
    status: GATEWAY_EVENT_STATUS[type],
    amount: brl(charge.amountCents),
    tx_id: charge.txId,
    ...(charge.paidEndToEndId ? { end_to_end_id: charge.paidEndToEndId } : {}),
    // a paid charge: the fee its PIX paid and what was credited, as a payout's `fee`
    ...(charge.feeCents !== undefined ? { fee: brl(charge.feeCents) } : {}),
    ...(charge.netCents !== undefined ? { net_amount: brl(charge.netCents) } : {}),
    ...withExternalId(charge.externalId),
    ...(charge.metadata ? { metadata: charge.metadata } : {}),
    ...(charge.paymentLinkId ? { payment_link_id: charge.paymentLinkId } : {}),
    expires_at: charge.expiresAt,
  };
}

function payoutData(type: GatewayEventType, entry: LedgerEntry): Record<string, unknown> {
  return {
    id: entry.id,
    status: GATEWAY_EVENT_STATUS[type],
    amount: brl(entry.grossCents),
    fee: brl(entry.feeCents),
    end_to_end_id: entry.endToEndId,
    ...(entry.entryRef ? { tx_id: entry.entryRef } : {}),
    ...withExternalId(entry.externalId),
    ...(entry.pixKey ? { pix_key: entry.pixKey } : {}),
    ...(type === "pix.payout.failed" && entry.errorMessage ? { error_message: entry.errorMessage } : {}),
  };
}

/** The entry's status at the event, which the snapshot carries (the row may have moved on since). */
function statusAtEvent(event: Pick<OutboxEvent, "payload">, entry: LedgerEntry): LedgerEntry["status"] {
  const status = (event.payload as { status?: string } | null)?.status;
  return status === "processing" || status === "succeeded" || status === "failed" ? status : entry.status;
}

/** Interface 6.1 events for one outbox event (possibly none, possibly two). */
export function gatewayEventsFor(event: Pick<OutboxEvent, "topic" | "payload">, ctx: MappingContext = {}) {
  const out: GatewayEvent[] = [];
  if (event.topic in CHARGE_TOPICS) {
    const type = CHARGE_TOPICS[event.topic as keyof typeof CHARGE_TOPICS];
    out.push({ type, data: chargeData(type, event.payload as ChargeSnapshot) });
    return out;
  }
  if (isMedTopic(event.topic)) return medGatewayEvents(event.topic, event.payload as MedPayload);
  const entry = ctx.entry;
  if (!entry) return out;
  const status = statusAtEvent(event, entry);
  const payout = entry.type === "debit" && PAYOUT_REASONS.has(entry.reason);

  if (event.topic === "payout.queued" && payout) {
    out.push({ type: "pix.payout.queued", data: payoutData("pix.payout.queued", entry) });
  } else if (event.topic === "payout.dequeued" && payout) {
    out.push({
      type: "pix.payout.processing",
      data: payoutData("pix.payout.processing", { ...entry, status: "processing" }),
    });
  } else if (event.topic === "entry.status_changed" && entry.reason === REFUND_REASON && status === "succeeded") {
    out.push({
      type: "pix.refund.completed",
      data: {
        id: entry.id,
        status: GATEWAY_EVENT_STATUS["pix.refund.completed"],
        amount: brl(entry.grossCents),
        end_to_end_id: entry.endToEndId,
        original_end_to_end_id: entry.parentEndToEndId,
        ...withExternalId(entry.externalId),
      },
    });
  } else if (event.topic === "entry.created" && payout) {
    const type =
      status === "processing"
        ? ctx.queued
          ? null
          : "pix.payout.processing"
        : status === "succeeded"
          ? "pix.payout.confirmed"
          : "pix.payout.failed";
    if (type) out.push({ type, data: payoutData(type, { ...entry, status }) });
  } else if (event.topic === "entry.status_changed" && payout && status !== "processing") {
    const type = status === "succeeded" ? "pix.payout.confirmed" : "pix.payout.failed";
    out.push({ type, data: payoutData(type, { ...entry, status }) });
  } else if (event.topic === "entry.created" && entry.type === "credit" && entry.reason === RETURN_REASON) {
    const parent = ctx.parent;
    out.push({
      type: "pix.payout.returned",
      data: {
        id: entry.parentEndToEndId,
        status: GATEWAY_EVENT_STATUS["pix.payout.returned"],
        amount: brl(entry.grossCents),
        end_to_end_id: entry.parentEndToEndId,
        return_end_to_end_id: entry.endToEndId,
        ...withExternalId(parent?.externalId),
      },
    });
    out.push({
      type: "pix.return.received",
      data: {
        id: entry.id,
        status: GATEWAY_EVENT_STATUS["pix.return.received"],
        amount: brl(entry.grossCents),
        end_to_end_id: entry.endToEndId,
        original_end_to_end_id: entry.parentEndToEndId,
        ...withExternalId(entry.externalId),
      },
    });
  }
  return out;
}

/** Entry reasons that are account-surface events; an EMV payment is an outgoing PIX like any other. */
const ACCOUNT_EVENT_OF_REASON: Record<string, AccountEventName> = {
  "pix_in:qrcode_paid": "pix_in:qrcode_paid",
  "pix_in:credited": "pix_in:credited",
  "pix_in:refunded_processing": "pix_in:refunded_processing",
  "pix_out:processing": "pix_out:processing",
  "pix_out:emv_pay": "pix_out:processing",
  "pix_out:refunded_processing": "pix_out:refunded_processing",
};

/**
 * Interface 6.4: an entry's creation and each later status change, named after its reason; the
 * object carries the status at that moment (so a payout gives `processing`, then `succeeded`).
 */
export function accountEventFor(event: Pick<OutboxEvent, "topic" | "payload">, ctx: MappingContext = {}) {
  const entry = ctx.entry;
  if (event.topic === "med.created" && entry) return medReceived(event.payload as MedPayload, entry);
  if (!entry || (event.topic !== "entry.created" && event.topic !== "entry.status_changed")) return null;
  const name = ACCOUNT_EVENT_OF_REASON[entry.reason];
  if (!name) return null;
  const object: AccountObject = {
    id: entry.id,
    externalId: entry.externalId,
    status: statusAtEvent(event, entry),
    grossAmount: brl(entry.grossCents),
    feeAmount: brl(entry.feeCents),
    netAmount: brl(entry.netCents),
    endToEndId: entry.endToEndId,
    createdAt: entry.createdAt.getTime(),
    payer: (entry.payer as Party | null) ?? null,
    receiver: (entry.receiver as Party | null) ?? null,
    ...(ctx.paymentLinkId ? { paymentLinkId: ctx.paymentLinkId } : {}),
  };
  return { event: name, object } satisfies AccountEvent;
}

/** Interface 6.4/6.5 `med:received`: the object is the MED, amounts and parties of the disputed PIX. */
function medReceived(med: MedPayload, entry: LedgerEntry): AccountEvent {
  return {
    event: "med:received",
    object: {
      id: med.medId,
      externalId: entry.externalId,
      status: med.status,
      grossAmount: brl(med.disputedCents),
      feeAmount: brl(entry.feeCents),
      netAmount: brl(BigInt(med.disputedCents) - entry.feeCents),
      endToEndId: med.endToEndId,
      createdAt: new Date(med.createdAt).getTime(),
      payer: (entry.payer as Party | null) ?? null,
      receiver: (entry.receiver as Party | null) ?? null,
    },
  };
}

/** Whether a subscription list selects an event. */
export function subscribes(events: readonly string[], name: string): boolean {
  return events.includes(name) || events.includes(ACCOUNT_WILDCARD);
}

/** The gateway payload of docs/contract.md: `{ id, type, created_at, data }`; `id` is the delivery's. */
export function gatewayPayload(deliveryId: string, type: GatewayEventType, createdAt: Date, data: object) {
  return { id: deliveryId, type, created_at: createdAt.toISOString(), data };
}

/** The account-surface payload of interface 6.4. */
export function accountPayload(
  configId: string,
  target: { userId: string; accountId: string | null },
  event: AccountEvent,
) {
  return {
    webhookId: configId,
    userId: target.userId,
    accountId: target.accountId,
    event: event.event,
    object: event.object,
  };
}
