/**
 * A cob's field refused by a charge rule (API Pix `CobOperacaoInvalida`): which rule and which
 * field of the cob (e.g. `valor.original`). The API Pix door words it and prefixes `cob.`.
 */
export const COB_RULES = [
  "TXID_INVALID",
  "TXID_TAKEN",
  "NOT_ACTIVE",
  "REMOVE_WITH_CHANGES",
  "EXPIRATION_NOT_POSITIVE",
  "EXPIRATION_TOO_LONG",
  "AMOUNT_ZERO",
  "AMOUNT_ABOVE_LIMIT",
  "CHAVE_INVALID",
  "CHAVE_NOT_OWN",
  "CHAVE_EXTERNAL_ID_TAKEN",
  "DEBTOR_DOCUMENT_INVALID",
  "LOC_NOT_FOUND",
  "LOC_IN_USE",
  "LOC_WRONG_TYPE",
  "REVISION_NOT_FOUND",
] as const;
export type CobRule = (typeof COB_RULES)[number];

export class CobRuleError extends Error {
  constructor(
    readonly rule: CobRule,
    /** the cob's field, dotted (`valor.original`, `loc.id`) */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "CobRuleError";
  }
}
