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

/**
 * A phone number as people type it (`11987654321`, `(11) 98765-4321`, `+55 11 98765-4321`) as a
 * PHONE key is written: `+55`, area code and number. Anything else comes back unchanged, for the
 * format check to refuse.
 */
export function normalisePhoneKey(raw: string): string {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return `+${digits}`;
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return `+${digits}`;
  return trimmed;
}

/** The key types that are registered only once a code sent to the key comes back (DICT's proof of possession). */
export const POSSESSION_KEY_TYPES = ["EMAIL", "PHONE"] as const satisfies readonly PixKeyTypeName[];
export const needsPossessionProof = (type: PixKeyTypeName) =>
  (POSSESSION_KEY_TYPES as readonly string[]).includes(type);

/** The document key a person's (CPF) or a company's (CNPJ) account may register; the other is refused. */
export const DOCUMENT_KEY_TYPE = { person: "CPF", company: "CNPJ" } as const;
/** The key types an account of this kind may register (a company has no CPF key, a person no CNPJ key). */
export const keyTypesFor = (personType: keyof typeof DOCUMENT_KEY_TYPE): PixKeyTypeName[] =>
  PIX_KEY_TYPES.filter((type) => (type !== "CPF" && type !== "CNPJ") || type === DOCUMENT_KEY_TYPE[personType]);

export const NewPixKey = z
  .object({
    type: PixKeyTypeField,
    key: text({ min: 1, max: MAX_PIX_KEY_LENGTH, trim: true })
      .optional()
      .describe(
        `The key. Omit it for EVP (a random UUID v4 is generated). CPF/CNPJ: the account's own document (omitted → the account's document; a person's account has no CNPJ key and a company's no CPF key). EMAIL: a valid address of at most ${MAX_PIX_KEY_LENGTH} characters. PHONE: a Brazilian mobile number, written as people type it (\`11987654321\`, \`(11) 98765-4321\`, \`+55 11 98765-4321\`) and registered as +55, area code and number (\`+5511987654321\`). EMAIL and PHONE keys are registered once the 6-digit code sent to the key is confirmed.`,
      ),
  })
  .meta({ example: { type: "EMAIL", key: "loja@example.invalid" } });
export type NewPixKey = z.infer<typeof NewPixKey>;

export const PixKeyId = Uuid.describe("The key's id (keyId).");

/** The 6-digit code sent to an e-mail or phone key. */
export const PIX_KEY_CODE_LENGTH = 6;
export const PixKeyCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "must be the 6-digit code")
  .describe("The 6-digit code sent to the key.")
  .meta({ example: "482913" });
export const PixKeyVerificationId = Uuid.describe("The pending registration's id (verificationId).");
export const ConfirmPixKey = z.object({ code: PixKeyCode });
