/**
 * The audit entries of merchant-side procedures (ProcedureMeta.audit): what each records, never a
 * secret (an API key's client secret, a webhook's signing secret stay out).
 */
import type { AuditSpec } from "./init";

type Row = Record<string, unknown> | null | undefined;
const field = (value: unknown, name: string): string => {
  const v = (value as Row)?.[name];
  return typeof v === "string" || typeof v === "bigint" || typeof v === "number" ? String(v) : "";
};
const pick = (value: unknown, names: string[]) =>
  Object.fromEntries(names.filter((n) => (value as Row)?.[n] !== undefined).map((n) => [n, (value as Row)?.[n]]));

export const API_KEY_CREATED: AuditSpec = {
  action: "apikey.create",
  targetType: "api_key",
  targetId: (_input, output) => field(output, "clientId"),
  after: (input) => pick(input, ["name", "scopes", "ipWhitelist", "expiresAt"]),
};

export const API_KEY_UPDATED: AuditSpec = {
  action: "apikey.update",
  targetType: "api_key",
  targetId: (input) => field(input, "clientId"),
  after: (input) => pick(input, ["name", "scopes", "ipWhitelist", "expiresAt"]),
};

export const API_KEY_REVOKED: AuditSpec = {
  action: "apikey.revoke",
  targetType: "api_key",
  targetId: (input) => field(input, "clientId"),
};

/** A webhook registered, changed, switched on or off, or removed: `change` says which. */
export function webhookChanged(change: string, idField = "webhookId"): AuditSpec {
  return {
    action: "webhook.change",
    targetType: "webhook",
    targetId: (input, output) =>
      field(input, idField) ||
      field(output, "id") ||
      field((output as Row)?.webhook, "id") ||
      field((output as Row)?.config, "id"),
    after: (input) => ({ change, ...pick(input, ["url", "targetUrl", "events", "event"]) }),
  };
}

/** Money sent out of an account (the step-up threshold is server/auth's second-factor rule, not this). */
export const MONEY_SENT: AuditSpec = {
  action: "money.send",
  targetType: "ledger_entry",
  targetId: (_input, output) => field(output, "id"),
  after: (input, output) => ({
    accountId: field(input, "accountId"),
    amountCents: field(output, "grossCents"),
    status: field(output, "status"),
  }),
};
