/** Checks that go with ledger writes; the writes themselves are the verbs of verbs.ts. */
import type { Tx } from "../db/client";
import { AppError } from "../errors";

export { entrySnapshot } from "./rows";

/** 409 when the account already used this externalId for an outgoing movement. */
export async function assertExternalIdFree(tx: Tx, accountId: string, externalId: string | null | undefined) {
  if (!externalId) return;
  const taken = await tx.ledgerEntry.findFirst({
    where: { accountId, outgoingExternalId: externalId },
    select: { id: true },
  });
  if (taken) throw new AppError("IDEMPOTENCY_CONFLICT", `externalId ${externalId} was already used`, "externalId");
}
