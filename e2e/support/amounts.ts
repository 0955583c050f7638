/** Amounts as the dashboard shows them in pt-BR, and read back from the screen. */
import { expect, type Locator } from "@playwright/test";

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** "R$ 1.500,00" (Intl puts a no-break space after "R$"). */
export const brl = (cents: bigint) => BRL.format(Number(cents) / 100);

/** Centavos from a pt-BR amount on screen ("R$ 1.500,00" → 150000n). */
export async function centsOf(locator: Locator): Promise<bigint> {
  const text = ((await locator.textContent()) ?? "").trim();
  expect(text).toMatch(/^-?R\$\s?[\d.]+,\d{2}$/);
  const digits = BigInt(text.replace(/\D/g, ""));
  return text.startsWith("-") ? -digits : digits;
}
