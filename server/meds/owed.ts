/**
 * docs/decisions/0012-meds.md, "still owed": a MED that could block less than it disputes keeps
 * blocking the account's incoming credits until the disputed amount is covered. The credit paths
 * call this in the transaction of the credit, after it is posted.
 */
import type { Tx } from "../db/client";
import type { Med } from "../generated/prisma/client";
import type { Entry } from "../ledger/types";
import { block } from "../ledger/verbs";

/** What the MED's block still lacks while it is under analysis; nothing once it is decided. */
export const stillOwedCents = (med: Pick<Med, "status" | "disputedCents" | "blockedCents">): bigint =>
  med.status === "under_analysis" ? med.disputedCents - med.blockedCents : 0n;

/** Blocks what the account's open MEDs still owe, oldest first; returns the total blocked. */
export async function coverOwedMeds(tx: Tx, accountId: string): Promise<bigint> {
  const owing = await tx.$queryRaw<{ id: string; entry_seq: bigint; owed: bigint }[]>`
    SELECT id::text, entry_seq, disputed_cents - blocked_cents AS owed FROM meds
     WHERE account_id = ${accountId} AND status = 'under_analysis' AND blocked_cents < disputed_cents
     ORDER BY created_at, id
     FOR UPDATE`;
  let total = 0n;
  for (const med of owing) {
    const entry = (await tx.ledgerEntry.findUniqueOrThrow({ where: { seq: med.entry_seq } })) as Entry;
    const blocked = await block(tx, entry, BigInt(med.owed));
    if (blocked === 0n) break;
    await tx.med.update({ where: { id: med.id }, data: { blockedCents: { increment: blocked } } });
    total += blocked;
  }
  return total;
}
