/**
 * The computed amount in the API Pix's shapes: `valor` of the cobv payload (CobVPayloadValor) and
 * `componentesValor` of a received Pix. Components that are zero are left out; `original` (and
 * `final` in the payload) are always there.
 */
import type { AmountDue } from "./amount-due";
import { textOfHundredths } from "./terms";

type Parts = Pick<AmountDue, "finalCents" | "components">;

const OPTIONAL = [
  ["multa", "multaCents"],
  ["juros", "jurosCents"],
  ["abatimento", "abatimentoCents"],
  ["desconto", "descontoCents"],
] as const;

export interface PayloadValor {
  original: string;
  multa?: string;
  juros?: string;
  abatimento?: string;
  desconto?: string;
  final: string;
}

/** CobVPayloadValor: every amount as "123.45". */
export function payloadValor({ finalCents, components }: Parts): PayloadValor {
  const valor: PayloadValor = { original: textOfHundredths(components.originalCents), final: "" };
  for (const [name, key] of OPTIONAL) {
    if (components[key] > 0n) valor[name] = textOfHundredths(components[key]);
  }
  valor.final = textOfHundredths(finalCents);
  return valor;
}

export type ComponentesValor = { original: { valor: string } } & Partial<
  Record<(typeof OPTIONAL)[number][0], { valor: string }>
>;

/** componentesValor of the Pix that paid the charge: valor = original + multa + juros − abatimento − desconto. */
export function componentesValor({ components }: Parts): ComponentesValor {
  const parts: ComponentesValor = { original: { valor: textOfHundredths(components.originalCents) } };
  for (const [name, key] of OPTIONAL) {
    if (components[key] > 0n) parts[name] = { valor: textOfHundredths(components[key]) };
  }
  return parts;
}
