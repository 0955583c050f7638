/**
 * Payments of an account operated through /v4/i/baas. The caller is authorised on the account
 * (server/accounts/programme.ts); the money then moves through the same transfer services as
 * the merchant surface, in the name of the account's holder.
 */
import { operableAccount } from "../accounts/programme";
import type { Db, Tx } from "../db/client";
import { invalid } from "../errors";
import type { LedgerEntry, PixKeyType } from "../generated/prisma/client";
import { inBatch } from "../ledger/write-path";
import { transferInternal } from "../transfers/internal";
import { findOutgoingPix } from "../transfers/lookup";
import { decodeOrReject, payBrCode } from "../transfers/pay-brcode";
import { sendPixToKey } from "../transfers/pix-out";

type Common = {
  callerId: string;
  accountId: string;
  description?: string | null;
  externalId?: string | null;
  requestId?: string | null;
};

export async function programmePayKey(
  db: Db,
  input: Common & { pixKey: string; pixKeyType?: PixKeyType; amountCents: bigint },
): Promise<LedgerEntry> {
  const account = await operableAccount(db, input.callerId, input.accountId);
  return sendPixToKey(db, {
    userId: account.userId,
    accountId: account.id,
    amountCents: input.amountCents,
    pixKey: input.pixKey,
    ...(input.pixKeyType ? { pixKeyType: input.pixKeyType } : {}),
    description: input.description ?? null,
    externalId: input.externalId ?? null,
    requestId: input.requestId ?? null,
  });
}

/** Interface 4.5: a dynamic code's amount is the code's (any amount sent is ignored); a static code needs one. */
export async function programmePayQrCode(
  db: Db,
  input: Omit<Common, "description"> & { emv: string; amountCents: bigint | null },
): Promise<LedgerEntry> {
  const account = await operableAccount(db, input.callerId, input.accountId);
  const decoded = decodeOrReject(input.emv);
  if (decoded.kind === "static" && input.amountCents === null) {
    throw invalid("amount is required to pay a static QR code", "amount");
  }
  return payBrCode(db, {
    userId: account.userId,
    accountId: account.id,
    emv: input.emv,
    amountCents: decoded.kind === "dynamic" ? null : input.amountCents,
    externalId: input.externalId ?? null,
    requestId: input.requestId ?? null,
  });
}

export async function programmeInternalTransfer(
  db: Db,
  input: Common & { receiverAccountId: string; amountCents: bigint; obs?: string | null },
): Promise<LedgerEntry> {
  const account = await operableAccount(db, input.callerId, input.accountId);
  return transferInternal(inBatch(db), {
    userId: account.userId,
    accountId: account.id,
    receiverAccountId: input.receiverAccountId,
    amountCents: input.amountCents,
    obs: input.obs ?? null,
    externalId: input.externalId ?? null,
    requestId: input.requestId ?? null,
  });
}

export async function programmePayment(
  tx: Tx,
  callerId: string,
  accountId: string,
  endToEndId: string,
): Promise<LedgerEntry> {
  const account = await operableAccount(tx, callerId, accountId);
  return findOutgoingPix(tx, account.userId, account.id, endToEndId);
}
