/**
 * The payer's copy of the receipt of a charge's payment, from its payment page: the receipt the
 * ledger already draws (server/receipts), of this charge's credit only, with documents masked and
 * without the merchant's account, fee or references. 404 while the charge is unpaid.
 */
import type { Tx } from "../db/client";
import { notFound } from "../errors";
import { maskedDocumentOf } from "../ledger/parties";
import { type Receipt, type ReceiptParty, receiptOf } from "../receipts/service";
import { chargeByPublicId } from "./view";

const masked = (party: ReceiptParty | null): ReceiptParty | null =>
  party && { ...party, cpfCnpj: maskedDocumentOf(party), agency: "", accountNumber: "" };

export async function payerReceipt(tx: Tx, publicId: string, now = new Date()): Promise<Receipt> {
  const charge = await chargeByPublicId(tx, publicId);
  if (charge.status !== "paid" || !charge.paidEndToEndId) throw notFound("receipt not found: the charge is not paid");
  const receipt = await receiptOf(tx, charge.userId, charge.paidEndToEndId, charge.accountId, now);
  return {
    ...receipt,
    accountId: "",
    externalId: null,
    payer: masked(receipt.payer),
    payee: masked(receipt.payee),
    audience: "payer",
  };
}
