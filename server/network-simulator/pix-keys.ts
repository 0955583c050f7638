/** PIX key types and their formats, as the DICT API's Key tag describes them, and CPF/CNPJ check digits. */

export type KeyType = "CPF" | "CNPJ" | "PHONE" | "EMAIL" | "EVP";

const EMAIL_PATTERN =
  /^[a-z0-9.!#$&'*+\\/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PHONE_PATTERN = /^\+[1-9][0-9]\d{1,14}$/;
const EVP_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MAX_KEY_LENGTH = 77;

/** The type a key's format says it is, or undefined when it matches none. */
export function keyTypeOf(key: string): KeyType | undefined {
  if (/^[0-9]{11}$/.test(key)) return "CPF";
  if (/^[0-9]{14}$/.test(key)) return "CNPJ";
  if (PHONE_PATTERN.test(key)) return "PHONE";
  if (key.length <= MAX_KEY_LENGTH && EMAIL_PATTERN.test(key)) return "EMAIL";
  if (EVP_PATTERN.test(key)) return "EVP";
  return undefined;
}

/** Whether a key of a declared type has that type's format (CPF/CNPJ with valid check digits, phones +55). */
export function keyProblem(key: string, declaredType: KeyType): string | undefined {
  if (keyTypeOf(key) !== declaredType) return `does not match the ${declaredType} key format`;
  if (declaredType === "CPF" && !isValidCpf(key)) return "CPF check digits are wrong";
  if (declaredType === "CNPJ" && !isValidCnpj(key)) return "CNPJ check digits are wrong";
  if (declaredType === "PHONE" && !/^\+55[1-9][0-9]9?[0-9]{8}$/.test(key)) return "must be a Brazilian phone, +55";
  return undefined;
}

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] as number), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCpf(cpf: string): boolean {
  if (!/^[0-9]{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpf === completeCpf(cpf.slice(0, 9));
}

export function isValidCnpj(cnpj: string): boolean {
  if (!/^[0-9]{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpj === completeCnpj(cnpj.slice(0, 12));
}

/** A CPF from its first 9 digits. */
export function completeCpf(base: string): string {
  const digits = [...base].map(Number);
  const first = checkDigit(digits, CPF_WEIGHTS.slice(1));
  const second = checkDigit([...digits, first], CPF_WEIGHTS);
  return `${base}${first}${second}`;
}

/** A CNPJ from its first 12 digits. */
export function completeCnpj(base: string): string {
  const digits = [...base].map(Number);
  const first = checkDigit(digits, CNPJ_WEIGHTS.slice(1));
  const second = checkDigit([...digits, first], CNPJ_WEIGHTS);
  return `${base}${first}${second}`;
}
