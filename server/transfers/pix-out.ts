/** Outgoing PIX to a key (through DICT) or to bank details (docs/contract.md, transfer/external). */
import { spendingAccount } from "../accounts/rules";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { documentKind, maskDocument, onlyDigits } from "../documents/cpf-cnpj";
import { invalid } from "../errors";
import type { LedgerEntry, PixKeyType } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { pixRail } from "../pix/current-rail";
import type { KeyResolution } from "../pix/rail";
import { keyLookupFor, lookupOf } from "./key-lookup";
import { sendPix } from "./send-pix";

type Common = {
  userId: string;
  accountId: string;
  amountCents: bigint;
  description?: string | null;
  externalId?: string | null;
  requestId?: string | null;
  metadata?: Record<string, unknown> | null;
};

export type BankAccountDetails = {
  ispb: string;
  agency: string;
  accountNumber: string;
  accountType: string;
  cpfCnpj: string;
  name: string;
};

export async function sendPixToKey(
  db: Db | Tx,
  input: Common & { pixKey: string; pixKeyType?: PixKeyType },
): Promise<LedgerEntry> {
  const source = await spendingAccount(db, input.accountId, input.userId, input.amountCents);
  // the DICT look-up names the end-to-end id the payment then carries
  const lookup = lookupOf(source.document);
  const resolved = await pixRail().resolveKey(db, input.pixKey, input.pixKeyType, lookup);
  return sendPix(db, {
    ...input,
    reason: "pix_out:processing",
    receiver: resolved.receiver,
    platformAccountId: resolved.platformAccountId,
    pixKey: resolved.key,
    endToEndId: lookup.endToEndId,
    receiverDocument: resolved.receiverDocument ?? null,
    initiation: "DICT",
  });
}

/** Who a key pays, shown before paying (the dashboard's confirmation): a look-up as the merchant. */
export async function previewKey(db: Db | Tx, userId: string, key: string): Promise<KeyResolution> {
  return pixRail().resolveKey(db, key, undefined, await keyLookupFor(db, userId));
}

export async function sendPixToBankAccount(
  db: Db | Tx,
  input: Common & { bankAccount: BankAccountDetails },
): Promise<LedgerEntry> {
  await spendingAccount(db, input.accountId, input.userId, input.amountCents);
  const details = input.bankAccount;
  const kind = documentKind(details.cpfCnpj);
  if (!kind) throw invalid("bankAccount.cpfCnpj must be a valid CPF or CNPJ", "bankAccount", "DOCUMENT_INVALID");
  let platformAccountId: string | null = null;
  if (details.ispb === config().PLATFORM_ISPB) {
    const target = await db.account.findUnique({ where: { id: details.accountNumber } });
    if (!target || target.document !== onlyDigits(details.cpfCnpj)) {
      throw invalid("destination account not found at this institution", "bankAccount", "DESTINATION_NOT_FOUND");
    }
    platformAccountId = target.id;
  }
  const receiver: Party = {
    ispb: details.ispb,
    personType: kind === "cnpj" ? "company" : "person",
    cpfCnpj: maskDocument(details.cpfCnpj),
    name: details.name,
    agency: details.agency,
    accountType: details.accountType,
    accountNumber: details.accountNumber,
  };
  return sendPix(db, {
    ...input,
    reason: "pix_out:processing",
    receiver,
    platformAccountId,
    pixKey: null,
    receiverDocument: onlyDigits(details.cpfCnpj),
    initiation: "MANU",
  });
}
