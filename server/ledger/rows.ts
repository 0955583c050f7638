/** The one mapper from a ledger_entries row as PostgreSQL's JSON gives it, and the outbox snapshot. */
import type { Entry } from "./types";

type Row = Record<string, unknown>;

export function entryFromRow(row: Row): Entry {
  const text = (key: string) => (row[key] as string | null | undefined) ?? null;
  const big = (key: string) => BigInt(row[key] as number | string);
  return {
    seq: big("seq"),
    id: row.id as string,
    accountId: row.account_id as string,
    userId: row.user_id as string,
    type: row.type as Entry["type"],
    reason: row.reason as Entry["reason"],
    status: row.status as Entry["status"],
    grossCents: big("gross_cents"),
    feeCents: big("fee_cents"),
    netCents: big("net_cents"),
    idempotencyKey: row.idempotency_key as string,
    endToEndId: text("end_to_end_id"),
    parentEndToEndId: text("parent_end_to_end_id"),
    entryRef: text("entry_ref"),
    externalId: text("external_id"),
    outgoingExternalId: text("outgoing_external_id"),
    requestId: text("request_id"),
    pixKey: text("pix_key"),
    payer: (row.payer as Entry["payer"]) ?? null,
    receiver: (row.receiver as Entry["receiver"]) ?? null,
    obs: text("obs"),
    description: text("description"),
    metadata: (row.metadata as Entry["metadata"]) ?? null,
    errorMessage: text("error_message"),
    refundedEndToEndId: text("refunded_end_to_end_id"),
    counterpartEntryId: text("counterpart_entry_id"),
    medId: text("med_id"),
    medCreatedAt: row.med_created_at ? new Date(row.med_created_at as string) : null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

type Snapshotted = Pick<
  Entry,
  | "id"
  | "accountId"
  | "type"
  | "status"
  | "grossCents"
  | "feeCents"
  | "netCents"
  | "endToEndId"
  | "externalId"
  | "entryRef"
> & { reason: string };

/** The payload of an entry's outbox events. */
export function entrySnapshot(entry: Snapshotted) {
  return {
    entryId: entry.id,
    accountId: entry.accountId,
    type: entry.type,
    reason: entry.reason,
    status: entry.status,
    grossCents: entry.grossCents.toString(),
    feeCents: entry.feeCents.toString(),
    netCents: entry.netCents.toString(),
    endToEndId: entry.endToEndId,
    externalId: entry.externalId,
    entryRef: entry.entryRef,
  };
}
