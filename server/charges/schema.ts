/**
 * Field rules of charges, for every door: the account surface, the gateway (snake_case view),
 * tRPC and the dashboard's charge form. Browser-safe (zod only).
 */
import { z } from "zod";
import { documentKind } from "../documents/cpf-cnpj";
import { BrlAmount } from "../fields/amount";
import { AccountId, TxId } from "../fields/ids";
import { Page, PageSize } from "../fields/paging";
import { CpfCnpj, Description, ExternalId, Metadata, text } from "../fields/text";
import { PixKeyId } from "../pix/keys/schema";

export const CHARGE_STATUSES = ["created", "paid", "expired", "cancelled"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const ChargeStatus = z.enum(CHARGE_STATUSES);

export const DEFAULT_EXPIRATION_SECONDS = 86_400;
/** Up to a year. */
export const MAX_EXPIRATION_SECONDS = 60 * 60 * 24 * 365;

export const ExpirationSeconds = z
  .number()
  .int()
  .min(1)
  .max(MAX_EXPIRATION_SECONDS)
  .describe(`Seconds the charge can be paid for: 1 to ${MAX_EXPIRATION_SECONDS} (a year); 86400 when omitted.`)
  .meta({ example: 3600 });

export const SameDocument = CpfCnpj.refine(
  (value) => documentKind(value) !== null,
  "must be a valid CPF or CNPJ",
).describe("CPF or CNPJ of the only payer allowed to pay (others are refused); must have valid check digits.");

/** A new dynamic QR charge, as each door reads it (the gateway in snake_case, without accountId). */
export const ChargeCreate = z.object({
  accountId: AccountId,
  amount: BrlAmount,
  description: Description.optional(),
  expirationSeconds: ExpirationSeconds.optional(),
  externalId: ExternalId.optional(),
  metadata: Metadata.optional(),
  sameDocument: SameDocument.optional(),
});

export const ChargeSearch = text({ max: 100, trim: true }).describe(
  "txId, externalId, amount, or part of a description or externalId (accents and case aside).",
);

export const ChargeListQuery = z.object({
  status: ChargeStatus.optional(),
  accountId: AccountId.optional(),
  search: ChargeSearch.optional(),
  page: Page.default(1),
  limit: PageSize.default(20),
});

/** The charges list's filter without its paging, read from a query string: what the CSV export takes. */
export const ChargeExportQuery = ChargeListQuery.pick({ status: true, accountId: true, search: true });

export { TxId };

export const MAX_STATIC_QR_LABEL = 60;
/** Room left in the BR Code depends on the key; the encoder refuses a description that does not fit. */
export const MAX_STATIC_QR_DESCRIPTION = 60;

/** A static QR code for a shop counter: one of the account's PIX keys, a fixed amount or none. */
export const StaticQrCreate = z.object({
  accountId: AccountId,
  pixKeyId: PixKeyId.optional().describe("One of the account's PIX keys (keyId); its current key when left out."),
  label: text({ min: 1, max: MAX_STATIC_QR_LABEL, trim: true }).describe(
    `What you call it ("Caixa 1"): 1 to ${MAX_STATIC_QR_LABEL} characters.`,
  ),
  amount: BrlAmount.nullable().optional().describe("A fixed amount in BRL, or null for an open amount."),
  description: text({ max: MAX_STATIC_QR_DESCRIPTION, trim: true })
    .optional()
    .describe(`Shown to the payer: at most ${MAX_STATIC_QR_DESCRIPTION} characters.`),
});
