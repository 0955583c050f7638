/** PIX key types and their formats (interface 2.9, docs/contract.md "transfer/external"). */
import { isValidCnpj, isValidCpf } from "../documents/cpf-cnpj";
import { invalid } from "../errors";
import { UUID_PATTERN } from "../fields/ids";
import { EMAIL_PATTERN, PHONE_PATTERN } from "../fields/text";
import type { PixKeyType } from "../generated/prisma/client";
import { MAX_PIX_KEY_LENGTH, normalisePhoneKey } from "./keys/schema";

/** UUID → EVP, +… → PHONE, contains @ → EMAIL, 11 digits → CPF, 14 digits → CNPJ. */
export function inferKeyType(key: string): PixKeyType | null {
  if (UUID_PATTERN.test(key)) return "EVP";
  if (key.startsWith("+")) return "PHONE";
  if (key.includes("@")) return "EMAIL";
  if (/^\d{11}$/.test(key)) return "CPF";
  if (/^\d{14}$/.test(key)) return "CNPJ";
  return null;
}

export function keyFormatError(key: string, type: PixKeyType): string | null {
  switch (type) {
    case "EVP":
      return UUID_PATTERN.test(key) ? null : "an EVP key is a UUID";
    case "PHONE":
      return PHONE_PATTERN.test(key) ? null : "a phone key is +55 followed by area code and number";
    case "EMAIL":
      return key.length <= MAX_PIX_KEY_LENGTH && EMAIL_PATTERN.test(key)
        ? null
        : `an e-mail key is a valid address of at most ${MAX_PIX_KEY_LENGTH} characters`;
    case "CPF":
      return isValidCpf(key) ? null : "a CPF key must be a valid CPF (11 digits)";
    case "CNPJ":
      return isValidCnpj(key) ? null : "a CNPJ key must be a valid CNPJ (14 digits)";
  }
}

/** A CPF or CNPJ failing its check digits is said so; any other malformed key is PIX_KEY_INVALID. */
const REASON_OF = {
  CPF: "CPF_INVALID",
  CNPJ: "CNPJ_INVALID",
  EMAIL: "PIX_KEY_INVALID",
  PHONE: "PIX_KEY_INVALID",
  EVP: "PIX_KEY_INVALID",
} as const;

/** The key's type, checked; 400 when the key is not a well-formed PIX key (of the stated type). */
export function parsePixKey(raw: string, statedType?: PixKeyType): { key: string; type: PixKeyType } {
  const key = raw.trim();
  const type = statedType ?? inferKeyType(key);
  if (!type)
    throw invalid("pixKey is not a valid PIX key (EVP, CPF, CNPJ, e-mail or +55 phone)", "pixKey", "PIX_KEY_INVALID");
  const normalised =
    type === "EMAIL" || type === "EVP" ? key.toLowerCase() : type === "PHONE" ? normalisePhoneKey(key) : key;
  const error = keyFormatError(normalised, type);
  if (error) throw invalid(`pixKey: ${error}`, "pixKey", REASON_OF[type]);
  return { key: normalised, type };
}
