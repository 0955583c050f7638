/** The message key of a scope's description in `apiKeys.scopes`. */
export type ScopeMessageKey =
  | "balance_read"
  | "ledger_read"
  | "pix_in_write"
  | "pix_in_read"
  | "pix_out_write"
  | "pix_out_read"
  | "transfer_internal"
  | "refund_write"
  | "refund_read"
  | "meds_read"
  | "meds_write"
  | "webhooks_manage"
  | "ledger_extract_create"
  | "ledger_extract_get"
  | "baas_onboarding"
  | "baas_accounts"
  | "baas_pix"
  | "cpf_validate"
  | "cob_write"
  | "cob_read"
  | "cobv_write"
  | "cobv_read"
  | "lotecobv_write"
  | "lotecobv_read"
  | "rec_write"
  | "rec_read"
  | "solicrec_write"
  | "solicrec_read"
  | "cobr_write"
  | "cobr_read"
  | "pix_write"
  | "pix_read"
  | "webhook_write"
  | "webhook_read"
  | "payloadlocation_write"
  | "payloadlocation_read";

/** "pix_in:write" and "cob.write" → the message key of its description. */
export function scopeMessageKey(scope: string): ScopeMessageKey {
  return scope.replace(/[:.]/, "_") as ScopeMessageKey;
}
