/**
 * A due-date charge refused: every broken rule as a violation `{ propriedade, razao }` whose
 * property is relative to the cobv (`valor.multa.modalidade`, `devedor`, `loc.id`); each door
 * prefixes it as its surface names the object (`cobv.` on the API Pix, a batch item's index, …).
 */
import { CobRuleError } from "../cob-errors";
import type { TermsViolation } from "./validate";

export type DueDateViolation = TermsViolation;

export class DueDateChargeRefused extends Error {
  constructor(readonly violations: DueDateViolation[]) {
    super(violations.map((v) => `${v.propriedade}: ${v.razao}`).join("; "));
    this.name = "DueDateChargeRefused";
  }
}

const RAZAO: Partial<Record<CobRuleError["rule"], string>> = {
  CHAVE_INVALID: "A chave não é uma chave Pix válida.",
  CHAVE_NOT_OWN: "A chave não está registrada em uma conta deste usuário recebedor.",
  CHAVE_EXTERNAL_ID_TAKEN: "A conta desta chave já tem uma cobrança com o externalId desta cobrança.",
  DEBTOR_DOCUMENT_INVALID: "O CPF ou CNPJ do devedor não é válido.",
  LOC_NOT_FOUND: "A location indicada em loc.id não existe.",
  LOC_IN_USE: "A location indicada em loc.id já serve outra cobrança.",
  LOC_WRONG_TYPE: 'A location indicada em loc.id é do tipo "cob"; uma cobrança com vencimento pede uma do tipo "cobv".',
};

/** One violation. */
export const refused = (propriedade: string, razao: string) => new DueDateChargeRefused([{ propriedade, razao }]);

/** Runs work that uses the cob rules, answering their refusals as due-date violations. */
export async function asDueDate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CobRuleError) throw refused(error.field, RAZAO[error.rule] ?? error.message);
    throw error;
  }
}
