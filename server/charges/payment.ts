/**
 * Paying a charge: once, before it expires, by the document it names (if any). The charge row
 * is locked for the payment's transaction, so two concurrent payments give exactly one credit.
 */
import { ownedAccount } from "../accounts/service";
import type { Db, Tx } from "../db/client";
import { onlyDigits } from "../documents/cpf-cnpj";
import { AppError, invalid, notFound } from "../errors";
import type { Charge, LedgerEntry } from "../generated/prisma/client";
import { insertEntry } from "../ledger/entries";
import { newEndToEndId } from "../ledger/ids";
import { legs, postMovement } from "../ledger/movements";
import { type Party, platformParty } from "../ledger/parties";
import { recordEvent } from "../outbox/record";
import { simulatedParticipant } from "../pix/sandbox-rail";
import { chargeSnapshot } from "./service";

export async function lockPayableCharge(
  tx: Tx,
  txId: string,
  payerDocument: string | null,
  now = new Date(),
): Promise<Charge> {
  const [row] = await tx.$queryRaw<{ tx_id: string }[]>`SELECT tx_id FROM charges WHERE tx_id = ${txId} FOR UPDATE`;
  if (!row) throw notFound("charge not found");
  const charge = await tx.charge.findUniqueOrThrow({ where: { txId } });
  if (charge.status === "paid") throw new AppError("CONFLICT", "charge already paid");
  if (charge.status !== "created" || charge.expiresAt <= now) throw invalid("charge has expired", "txId");
  if (charge.sameDocument && onlyDigits(payerDocument ?? "") !== charge.sameDocument) {
    throw new AppError("FORBIDDEN", "this charge accepts payment only from the document it names");
  }
  return charge;
}

export async function markChargePaid(tx: Tx, charge: Charge, endToEndId: string, now = new Date()): Promise<void> {
  const paid = await tx.charge.update({
    where: { txId: charge.txId },
    data: { status: "paid", paidAt: now, paidEndToEndId: endToEndId, updatedAt: now },
  });
  await recordEvent(tx, {
    topic: "charge.paid",
    accountId: paid.accountId,
    userId: paid.userId,
    entryId: paid.txId,
    payload: chargeSnapshot(paid),
  });
}

/** Sandbox: a payer at another institution pays one of the caller's charges. */
export async function payChargeFromOutside(
  db: Db,
  input: { userId: string; txId: string; payer?: Party | null },
): Promise<LedgerEntry> {
  return db.$transaction(async (tx) => {
    const owned = await tx.charge.findUnique({
      where: { txId: input.txId },
      select: { userId: true, sameDocument: true },
    });
    if (!owned || owned.userId !== input.userId) throw notFound("charge not found");
    // The simulated payer carries the document the charge asks for, unless the caller names one.
    const payer = input.payer ?? {
      ...simulatedParticipant(`payer-of-${input.txId}`, "CPF"),
      ...(owned.sameDocument ? { cpfCnpj: owned.sameDocument } : {}),
    };
    const charge = await lockPayableCharge(tx, input.txId, payer.cpfCnpj);
    const account = await ownedAccount(tx, charge.accountId, input.userId);
    const endToEndId = newEndToEndId("E", payer.ispb);
    const credit = await insertEntry(tx, {
      id: endToEndId,
      endToEndId,
      accountId: account.id,
      userId: account.userId,
      type: "credit",
      reason: "pix_in:qrcode_paid",
      status: "succeeded",
      grossCents: charge.amountCents,
      entryRef: charge.txId,
      externalId: charge.externalId,
      metadata: (charge.metadata as Record<string, unknown> | null) ?? null,
      payer,
      receiver: platformParty(account),
    });
    await postMovement(tx, credit.seq, legs.payIn(account.id, charge.amountCents));
    await markChargePaid(tx, charge, endToEndId);
    return credit;
  });
}
