/**
 * What a DICT look-up names (docs/pix-network.md §3): the paying merchant's CPF or CNPJ and the
 * end-to-end id the payment will then carry, made here so that the look-up and the pacs.008 agree.
 */
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Tx } from "../db/client";
import { onlyDigits } from "../documents/cpf-cnpj";
import { notFound } from "../errors";
import { newEndToEndId } from "../ledger/ids";
import type { KeyLookup } from "../pix/rail";

export function lookupOf(payerDocument: string, endToEndId = newEndToEndId("E", config().PLATFORM_ISPB)): KeyLookup {
  return { payerDocument: onlyDigits(payerDocument), endToEndId };
}

/**
 * The look-up of a payment from `accountId`, or of a preview by the merchant (its oldest account
 * pays when none is named; a preview's fresh end-to-end id is never used by a payment).
 */
export async function keyLookupFor(tx: Tx, userId: string, accountId?: string | null): Promise<KeyLookup> {
  if (accountId) return lookupOf((await ownedAccount(tx, accountId, userId)).document);
  const account = await tx.account.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { document: true },
  });
  if (!account) throw notFound("account not found");
  return lookupOf(account.document);
}
