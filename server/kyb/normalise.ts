/**
 * How names and documents are compared in screening (docs/decisions/0060-kyb-screening.md):
 * names without accents, in upper case, punctuation as spaces, single spaces; a CPF by its
 * digits, or — against the PEP list, which masks it as ***.123.456-** — by its six middle digits.
 */
import { onlyDigits } from "../documents/cpf-cnpj";

export function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

const MASKED_CPF = /^\*{3}\.?(\d{3})\.?(\d{3})-?\*{2}$/;

/** The six visible digits of a masked CPF (***.123.456-**), or null when it is not one. */
export function maskedCpfMiddle(masked: string): string | null {
  const match = MASKED_CPF.exec(masked.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/** The digits a masked list shows of a full CPF: the 4th to the 9th. */
export function cpfMiddle(cpf: string): string {
  return onlyDigits(cpf).slice(3, 9);
}
