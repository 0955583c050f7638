/**
 * Field rules of payment links (docs/decisions/0038-payment-links.md), for every door: the account
 * surface, tRPC and the dashboard's form. Browser-safe (zod only).
 */
import { z } from "zod";
import { BrlAmount } from "../fields/amount";
import { AccountId } from "../fields/ids";
import { CpfCnpj, EMAIL_PATTERN, MAX_DESCRIPTION, text } from "../fields/text";

export const PAYMENT_LINK_ID_PATTERN = /^pl_[0-9a-z]{20}$/;

export const PaymentLinkId = text({
  max: 24,
  pattern: PAYMENT_LINK_ID_PATTERN,
  patternMessage: "must be pl_ and 20 letters or digits",
});

/** A link's expiry is a date people mean: before 2100 (and storable). */
const LATEST_EXPIRY = Date.UTC(2100, 0, 1);

export const PAYER_FIELDS = ["name", "document", "email"] as const;
export type PayerField = (typeof PAYER_FIELDS)[number];

export const PaymentLinkCreate = z.object({
  accountId: AccountId,
  description: text({ min: 1, max: MAX_DESCRIPTION, trim: true }).describe(
    "What the payer sees (1 to 140 characters).",
  ),
  /** a fixed amount; or leave it out and give minAmount and maxAmount */
  amount: BrlAmount.optional(),
  minAmount: BrlAmount.optional(),
  maxAmount: BrlAmount.optional(),
  expiresAt: z.coerce
    .date()
    .refine((date) => date.getTime() < LATEST_EXPIRY, "must be before 2100")
    .optional()
    .describe("After this instant the link refuses new payments (ISO 8601, before 2100)."),
  maxPayments: z.number().int().min(1).max(1_000_000).optional(),
  payerFields: z.array(z.enum(PAYER_FIELDS)).max(3).default([]),
});
export type PaymentLinkInput = z.input<typeof PaymentLinkCreate>;

/** What a visitor sends to get a charge: the amount of an open link, and the fields it asks for. */
export const LinkVisitInput = z.object({
  amount: BrlAmount.optional(),
  name: text({ max: 200, trim: true }).optional(),
  document: CpfCnpj.optional(),
  email: text({ max: 200, trim: true, pattern: EMAIL_PATTERN, patternMessage: "must be an e-mail address" }).optional(),
});
export type LinkVisit = z.infer<typeof LinkVisitInput>;
