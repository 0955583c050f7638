/** Field rules of registering PIX keys (interface 2.9), for the account surface and the dashboard. */
import { z } from "zod";
import { Uuid } from "../../fields/ids";
import { text } from "../../fields/text";

/** The PIX key types (interface 2.9), as the account surface, the dashboard and the database write them. */
export const PIX_KEY_TYPES = ["EVP", "CPF", "CNPJ", "EMAIL", "PHONE"] as const;
export type PixKeyTypeName = (typeof PIX_KEY_TYPES)[number];
export const PixKeyTypeField = z.enum(PIX_KEY_TYPES).describe("EVP, CPF, CNPJ, EMAIL or PHONE.");

/** The gateway writes the types in lowercase (`pix_key_type`). */
export const GATEWAY_PIX_KEY_TYPES = PIX_KEY_TYPES.map((type) => type.toLowerCase() as Lowercase<PixKeyTypeName>);
export const GatewayPixKeyType = z.enum(
  GATEWAY_PIX_KEY_TYPES as [Lowercase<PixKeyTypeName>, ...Lowercase<PixKeyTypeName>[]],
);
export const pixKeyTypeFromGateway = (type: Lowercase<PixKeyTypeName>) => type.toUpperCase() as PixKeyTypeName;

/** The longest PIX key: an e-mail key of 77 characters. */
export const MAX_PIX_KEY_LENGTH = 77;

export const NewPixKey = z
  .object({
    type: PixKeyTypeField,
    key: text({ min: 1, max: MAX_PIX_KEY_LENGTH, trim: true })
      .optional()
      .describe(
        `The key. Omit it for EVP (a random UUID v4 is generated). CPF/CNPJ: the account's own document (omitted → the account's document). EMAIL: a valid address of at most ${MAX_PIX_KEY_LENGTH} characters. PHONE: +55, area code and number (e.g. +5511998765432).`,
      ),
  })
  .meta({ example: { type: "EMAIL", key: "loja@example.invalid" } });
export type NewPixKey = z.infer<typeof NewPixKey>;

export const PixKeyId = Uuid.describe("The key's id (keyId).");
