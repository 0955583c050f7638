/**
 * A charge's revisions (API Pix `revisao`): 0 at creation, +1 on every change of the charge but a
 * change of its location alone. Before a change the row as it was is kept in charge_revisions
 * (to_jsonb of the row), so any earlier revision can be shown again.
 */
import type { Tx } from "../db/client";
import type { Charge, ChargeStatus } from "../generated/prisma/client";
import { CHARGE_TXID_PATTERN } from "./ids";

/** Keeps the charge's current revision; the caller then writes the change with `revision + 1`. */
export async function keepRevision(tx: Tx, txId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO charge_revisions (tx_id, revision, snapshot)
    SELECT c.tx_id, c.revision, to_jsonb(c) FROM charges c WHERE c.tx_id = ${txId}`;
}

const dateOf = (value: unknown): Date | null => (typeof value === "string" ? new Date(value) : null);
const textOf = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** The charge row a snapshot kept (the column names of `charges`). */
export function chargeFromSnapshot(row: Record<string, unknown>): Charge {
  return {
    txId: String(row.tx_id),
    locationId: textOf(row.location_id),
    accountId: String(row.account_id),
    userId: String(row.user_id),
    amountCents: BigInt(String(row.amount_cents)),
    description: textOf(row.description),
    externalId: textOf(row.external_id),
    metadata: (row.metadata ?? null) as Charge["metadata"],
    sameDocument: textOf(row.same_document),
    pixKey: textOf(row.pix_key),
    emv: String(row.emv),
    status: row.status as ChargeStatus,
    expiresAt: dateOf(row.expires_at) as Date,
    paidAt: dateOf(row.paid_at),
    paidEndToEndId: textOf(row.paid_end_to_end_id),
    createdAt: dateOf(row.created_at) as Date,
    updatedAt: dateOf(row.updated_at) as Date,
    revision: Number(row.revision),
    debtorDocument: textOf(row.debtor_document),
    debtorName: textOf(row.debtor_name),
    additionalInfo: (row.additional_info ?? null) as Charge["additionalInfo"],
    amountEditable: row.amount_editable === true,
    kind: textOf(row.kind) ?? "cob",
    dueDate: typeof row.due_date === "string" ? new Date(`${row.due_date.slice(0, 10)}T00:00:00Z`) : null,
    validityDays: typeof row.validity_days === "number" ? row.validity_days : null,
    dueTerms: (row.due_terms ?? null) as Charge["dueTerms"],
    debtorDetails: (row.debtor_details ?? null) as Charge["debtorDetails"],
    paidComponents: (row.paid_components ?? null) as Charge["paidComponents"],
    publicId: String(row.public_id ?? ""),
    paymentLinkId: textOf(row.payment_link_id),
    linkVisit: textOf(row.link_visit),
  };
}

/** The charge as it was at `revision`; null when it never had that revision. */
export async function chargeAtRevision(tx: Tx, current: Charge, revision: number): Promise<Charge | null> {
  if (revision === current.revision) return current;
  if (!Number.isInteger(revision) || revision < 0 || revision > current.revision) return null;
  const kept = await tx.chargeRevision.findUnique({ where: { txId_revision: { txId: current.txId, revision } } });
  return kept ? chargeFromSnapshot(kept.snapshot as Record<string, unknown>) : null;
}

/**
 * The caller's charge of `kind` by txid, now or at `revision` when asked (the API Pix's GET one):
 * null when the txid is malformed, unknown, someone else's or of another kind; `missing()` is
 * thrown when the charge never had that revision.
 */
export async function chargeOfCaller(
  tx: Tx,
  read: { userId: string; txId: string; kind: Charge["kind"]; revision?: number | undefined },
  missing: () => Error,
): Promise<Charge | null> {
  const charge = CHARGE_TXID_PATTERN.test(read.txId)
    ? await tx.charge.findUnique({ where: { txId: read.txId } })
    : null;
  if (!charge || charge.userId !== read.userId || charge.kind !== read.kind) return null;
  // the API Pix shows only the cobs that have a key
  if (read.kind === "cob" && !charge.pixKey) return null;
  if (read.revision === undefined) return charge;
  const shown = await chargeAtRevision(tx, charge, read.revision);
  if (!shown) throw missing();
  return shown;
}
