/** Field rules of registering PIX keys (interface 2.9), for the account surface and the dashboard. */
import { z } from "zod";
import { Uuid } from "../../fields/ids";
import { text } from "../../fields/text";

export const PIX_KEY_KINDS = ["EVP", "CPF", "CNPJ", "EMAIL", "PHONE"] as const;
export const PixKeyKind = z.enum(PIX_KEY_KINDS).describe("EVP, CPF, CNPJ, EMAIL or PHONE.");

export const MAX_EMAIL_KEY = 77;

export const NewPixKey = z.object({
  type: PixKeyKind,
  key: text({ min: 1, max: MAX_EMAIL_KEY, trim: true })
    .optional()
    .describe(
      "The key. Omit it for EVP (a random UUID v4 is generated). CPF/CNPJ: the account's own document (omitted → the account's document). EMAIL: a valid address of at most 77 characters. PHONE: +55, area code and number (e.g. +5511998765432).",
    ),
});
export type NewPixKey = z.infer<typeof NewPixKey>;

export const PixKeyId = Uuid.describe("The key's id (keyId).");
