/** A payment link as the merchant's doors answer it (amounts in BRL at the door, cents here). */

import { type PaymentLinkWithStats, payerFieldsOf } from "./service";
import { paymentLinkUrl } from "./url";

export function linkView(link: PaymentLinkWithStats) {
  return {
    id: link.id,
    url: paymentLinkUrl(link.id),
    accountId: link.accountId,
    description: link.description,
    amountCents: link.amountCents,
    minAmountCents: link.minAmountCents,
    maxAmountCents: link.maxAmountCents,
    expiresAt: link.expiresAt,
    maxPayments: link.maxPayments,
    payerFields: payerFieldsOf(link),
    active: link.active,
    paymentsCount: link.paymentsCount,
    receivedCents: link.receivedCents,
    createdAt: link.createdAt,
    deactivatedAt: link.deactivatedAt,
  };
}
export type PaymentLinkView = ReturnType<typeof linkView>;
