/**
 * A due-date charge refused: every broken rule as a violation `{ propriedade, razao }` whose
 * property is relative to the cobv (`valor.multa.modalidade`, `devedor`, `loc.id`); each door
 * prefixes it as its surface names the object (`cobv.` on the API Pix, a batch item's index, …).
 */
import { COB_RULE_RAZAO, type CobRule, CobRuleError } from "../cob-errors";
import type { TermsViolation } from "./validate";

export type DueDateViolation = TermsViolation;

export class DueDateChargeRefused extends Error {
  constructor(readonly violations: DueDateViolation[]) {
    super(violations.map((v) => `${v.propriedade}: ${v.razao}`).join("; "));
    this.name = "DueDateChargeRefused";
  }
}

/** The cob rules a cobv meets, in the cob rules' words (a cobv's location must be of type cobv). */
const RAZAO: Partial<Record<CobRule, string>> = {
  CHAVE_INVALID: COB_RULE_RAZAO.CHAVE_INVALID,
  CHAVE_NOT_OWN: COB_RULE_RAZAO.CHAVE_NOT_OWN,
  CHAVE_EXTERNAL_ID_TAKEN: COB_RULE_RAZAO.CHAVE_EXTERNAL_ID_TAKEN,
  DEBTOR_DOCUMENT_INVALID: COB_RULE_RAZAO.DEBTOR_DOCUMENT_INVALID,
  LOC_NOT_FOUND: COB_RULE_RAZAO.LOC_NOT_FOUND,
  LOC_IN_USE: COB_RULE_RAZAO.LOC_IN_USE,
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
