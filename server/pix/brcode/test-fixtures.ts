// Shared helpers for the BR Code tests; not part of the public API.
import fc from "fast-check";
import { crc16 } from "./crc16";
import type { DecodedDynamicBrCode } from "./decode";
import { BR_CODE_ERROR_CODES, BrCodeError, type BrCodeErrorCode } from "./errors";

/** Example from the Central Bank "Manual de Padrões para Iniciação do Pix". */
export const BCB_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

export type FieldPairs = ReadonlyArray<readonly [id: string, value: string]>;

/** What a dynamic code decodes to: no key, txid or description, point of initiation 12, BRL in Brazil, no category. */
export function decodedDynamic(
  of: Pick<DecodedDynamicBrCode, "url" | "amountCents" | "merchantName" | "merchantCity" | "raw">,
): DecodedDynamicBrCode {
  return {
    kind: "dynamic",
    pixKey: null,
    description: null,
    txid: null,
    pointOfInitiation: "12",
    merchantCategoryCode: "0000",
    currency: "986",
    countryCode: "BR",
    ...of,
  };
}

/** Top-level fields of a valid static code (values of templates already encoded). */
export const STATIC_FIELDS: FieldPairs = [
  ["00", "01"],
  ["01", "11"],
  ["26", `${rawField("00", "br.gov.bcb.pix")}${rawField("01", "+5561999990000")}`],
  ["52", "0000"],
  ["53", "986"],
  ["54", "12.34"],
  ["58", "BR"],
  ["59", "Padaria Pao Quente"],
  ["60", "Recife"],
  ["62", rawField("05", "PEDIDO123")],
];

/** Top-level fields of a valid dynamic code. */
export const DYNAMIC_FIELDS: FieldPairs = [
  ["00", "01"],
  ["01", "12"],
  ["26", `${rawField("00", "br.gov.bcb.pix")}${rawField("25", "psp.example.com/qr/v2/abc-1234")}`],
  ["52", "0000"],
  ["53", "986"],
  ["58", "BR"],
  ["59", "Loja Exemplo"],
  ["60", "Sao Paulo"],
  ["62", rawField("05", "***")],
];

/** Encodes one field without validation, so tests can build malformed payloads. */
export function rawField(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Appends field 63 with the correct CRC. */
export function withCrc(body: string): string {
  const prefix = `${body}6304`;
  return `${prefix}${crc16(prefix)}`;
}

export function payloadFrom(fields: FieldPairs): string {
  return withCrc(fields.map(([id, value]) => rawField(id, value)).join(""));
}

/**
 * Copies `fields` with changes applied, then adds a valid CRC: a string
 * replaces a field's value in place (or appends a new field), null removes it.
 */
export function payloadWith(fields: FieldPairs, changes: Record<string, string | null>): string {
  const kept = fields
    .filter(([id]) => changes[id] !== null)
    .map(([id, value]): readonly [string, string] => [id, changes[id] ?? value]);
  const added = Object.entries(changes).flatMap(
    ([id, value]): Array<readonly [string, string]> =>
      value !== null && !fields.some(([existing]) => existing === id) ? [[id, value]] : [],
  );
  return payloadFrom([...kept, ...added]);
}

/** Runs `fn`, returning the BrCodeError code it throws; rethrows anything else. */
export function errorCodeOf(fn: () => unknown): BrCodeErrorCode | "OK" {
  try {
    fn();
    return "OK";
  } catch (error) {
    if (error instanceof BrCodeError && BR_CODE_ERROR_CODES.includes(error.code) && error.message !== "") {
      return error.code;
    }
    throw error;
  }
}

const ACCENTED = [..."áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÉÊÍÓÔÕÚÜÇÑ"];
const ASCII_LETTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const DIGITS = [..."0123456789"];

export const letterArb = fc.constantFrom(...ASCII_LETTERS);

/** Brazilian-looking text: letters (often accented), digits and spaces. */
export function textArb(maxLength: number): fc.Arbitrary<string> {
  const unit = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ASCII_LETTERS) },
    { weight: 2, arbitrary: fc.constantFrom(...ACCENTED) },
    { weight: 1, arbitrary: fc.constantFrom(...DIGITS) },
    { weight: 1, arbitrary: fc.constant(" ") },
  );
  return fc.tuple(letterArb, fc.string({ unit, maxLength: maxLength - 1 })).map(([first, rest]) => `${first}${rest}`);
}

export const txidArb = fc.stringMatching(/^[A-Za-z0-9]{1,25}$/);

export const pixKeyArb = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^\+55[1-9][0-9]{10}$/),
  fc.stringMatching(/^[0-9]{11}$/),
  fc.stringMatching(/^[0-9]{14}$/),
  fc
    .tuple(fc.stringMatching(/^[a-z0-9._]{1,12}$/), fc.stringMatching(/^[a-z0-9]{1,10}\.com\.br$/))
    .map(([user, domain]) => `${user}@${domain}`),
);

export const locationUrlArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,15}$/), fc.stringMatching(/^[A-Za-z0-9-]{1,36}$/))
  .map(([host, id]) => `pix.${host}.com.br/qr/v2/${id}`);

/** Centavos accepted by the 13-character amount field with room to spare. */
export const amountCentsArb = fc.bigInt({ min: 1n, max: 99_999_999_999n });
