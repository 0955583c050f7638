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

/** What each refusal says on the API Pix (its `razao`), in the specification's language. */
export const COB_RULE_RAZAO: Record<CobRule, string> = {
  TXID_INVALID: "O txid deve ter de 26 a 35 letras ou dígitos.",
  TXID_TAKEN: "Já existe uma cobrança com este txid; revise-a com PATCH enquanto estiver ATIVA.",
  NOT_ACTIVE: "A cobrança não está ATIVA e não pode mais ser alterada.",
  REMOVE_WITH_CHANGES: "A remoção da cobrança não admite outras alterações na mesma requisição.",
  EXPIRATION_NOT_POSITIVE: "A expiração deve ser maior que zero.",
  EXPIRATION_TOO_LONG: "A expiração deve ser de no máximo um ano (31536000 segundos).",
  AMOUNT_ZERO: "O valor original deve ser maior que zero.",
  AMOUNT_ABOVE_LIMIT: "O valor original excede o limite por transação.",
  CHAVE_INVALID: "A chave não é uma chave Pix válida.",
  CHAVE_NOT_OWN: "A chave não está registrada em uma conta deste usuário recebedor.",
  CHAVE_EXTERNAL_ID_TAKEN: "A conta desta chave já tem uma cobrança com o externalId desta cobrança.",
  DEBTOR_DOCUMENT_INVALID: "O CPF ou CNPJ do devedor não é válido.",
  LOC_NOT_FOUND: "A location indicada em loc.id não existe.",
  LOC_IN_USE: "A location indicada em loc.id já serve outra cobrança.",
  LOC_WRONG_TYPE: "A location indicada em loc.id é do tipo cobv; uma cob pede uma do tipo cob.",
  REVISION_NOT_FOUND: "A cobrança não tem a revisão pedida.",
};
