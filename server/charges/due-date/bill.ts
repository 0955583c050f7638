/**
 * The printable bill of one of the caller's cobvs: who receives, who pays, the terms, what is due
 * on the due date, the QR image and the copy-and-paste code, under the merchant's brand (name,
 * accent colour, logo). 404 for another merchant's txId.
 */
import { brandForDocuments } from "../../branding/service";
import type { Db } from "../../db/client";
import { qrCodePng } from "../qr-image";
import { amountDue, effectiveDueDate } from "./amount-due";
import { getDueDateCharge } from "./read";
import { debtorDetailsOf, receiverOf, termsOfCharge } from "./record";

export async function dueDateBill(db: Db, userId: string, txId: string, now = new Date()) {
  const charge = await getDueDateCharge(db, userId, txId);
  const account = await db.account.findFirstOrThrow({ where: { id: charge.accountId, userId } });
  const terms = termsOfCharge(charge);
  const onDueDate = amountDue(terms, effectiveDueDate(terms));
  return {
    txId: charge.txId,
    description: charge.description,
    receiver: receiverOf(account),
    brand: await brandForDocuments(db, userId),
    payer: { name: charge.debtorName ?? "", document: charge.debtorDocument ?? "", ...debtorDetailsOf(charge) },
    terms,
    dueCents: onDueDate.finalCents,
    lastPayableDate: onDueDate.lastPayableDate,
    emv: charge.emv,
    qrCode: await qrCodePng(charge.emv),
    issuedAt: now,
  };
}

export type DueDateBill = Awaited<ReturnType<typeof dueDateBill>>;
