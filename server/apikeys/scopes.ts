/** The scopes of docs/contract.md; new keys get all of them unless told otherwise. */
export const SCOPES = [
  "balance:read",
  "ledger:read",
  "pix_in:write",
  "pix_in:read",
  "pix_out:write",
  "pix_out:read",
  "transfer:internal",
  "refund:write",
  "refund:read",
  "meds:read",
  "meds:write",
  "webhooks:manage",
  "ledger_extract:create",
  "ledger_extract:get",
  "baas:onboarding",
  "baas:accounts",
  "baas:pix",
  "cpf:validate",
  // The API Pix surface's OAuth scopes, named as the Central Bank's specification names them.
  "cob.write",
  "cob.read",
  "cobv.write",
  "cobv.read",
  "lotecobv.write",
  "lotecobv.read",
  "rec.write",
  "rec.read",
  "solicrec.write",
  "solicrec.read",
  "cobr.write",
  "cobr.read",
  "pix.write",
  "pix.read",
  "webhook.write",
  "webhook.read",
  "payloadlocation.write",
  "payloadlocation.read",
  "payloadlocationrec.write",
  "payloadlocationrec.read",
  "webhookrec.write",
  "webhookrec.read",
  "webhookcobr.write",
  "webhookcobr.read",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Scopes that only read (`…:read`, `….read`, `ledger_extract:get`): what the dashboard pre-selects for a new key. */
export const READ_ONLY_SCOPES: readonly Scope[] = SCOPES.filter(
  (scope) => scope.endsWith(":read") || scope.endsWith(".read") || scope === "ledger_extract:get",
);

/** The scopes an API Pix access token can carry (dotted names, as the specification's OAuth scopes). */
export const API_PIX_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope.includes("."));

/**
 * How the API keys page groups the scopes, by the surface that checks them: the account surface
 * and the gateway share theirs (the gateway checks a subset), the account programme's, and the
 * API Pix's. Every scope is in exactly one group.
 */
export const SCOPE_GROUPS = [
  {
    id: "account",
    scopes: SCOPES.filter((scope) => scope.includes(":") && !scope.startsWith("baas:")),
  },
  { id: "baas", scopes: SCOPES.filter((scope) => scope.startsWith("baas:")) },
  { id: "apiPix", scopes: API_PIX_SCOPES },
] as const satisfies readonly { id: string; scopes: readonly Scope[] }[];

export type ScopeGroupId = (typeof SCOPE_GROUPS)[number]["id"];
