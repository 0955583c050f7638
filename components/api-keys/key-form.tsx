"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { keepEnterInField } from "@/components/forms/enter-key";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DialogActions } from "@/components/ui/dialog";
import { DateInput, describedBy, Field, FieldError } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { MAX_KEY_NAME } from "@/server/apikeys/schema";
import { SCOPES, type Scope } from "@/server/apikeys/scopes";
import { saoPauloDate, saoPauloDayEnd } from "@/server/time";
import { newRow, WhitelistEditor, type WhitelistRow, whitelistRows } from "./whitelist-editor";

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
  | "cpf_validate";

/** "pix_in:write" → the message key of its description. */
export function scopeMessageKey(scope: string): ScopeMessageKey {
  return scope.replace(":", "_") as ScopeMessageKey;
}

export type KeyFormInitial = {
  name: string;
  scopes: readonly string[];
  ipWhitelist: readonly string[];
  expiresAt: Date | null;
};

export type KeyFormValues = {
  name: string;
  scopes: Scope[];
  ipWhitelist: string[];
  /** epoch ms, null for "never"; undefined when the expiry was left as it was. */
  expiresAt: number | null | undefined;
};

/** Name, scopes, allowlist and expiry of a key, for creating one or changing it. */
export function KeyForm({
  initial,
  submitLabel,
  pendingLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
  testId,
}: {
  initial: KeyFormInitial;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: KeyFormValues) => void;
  onCancel: () => void;
  testId?: string;
}) {
  const t = useTranslations("apiKeys.form");
  const scopeText = useTranslations("apiKeys.scopes");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const initialDate = initial.expiresAt ? saoPauloDate(initial.expiresAt) : "";
  const today = saoPauloDate(new Date());

  const [name, setName] = useState(initial.name);
  const [scopes, setScopes] = useState<Set<string>>(() => new Set(initial.scopes));
  const [rows, setRows] = useState<WhitelistRow[]>(() =>
    initial.ipWhitelist.length > 0 ? whitelistRows(initial.ipWhitelist) : [newRow()],
  );
  const [expiry, setExpiry] = useState(initialDate);
  const [errors, setErrors] = useState<{ name?: string | null; scopes?: string | null; expiry?: string | null }>({});
  const [checking, setChecking] = useState(false);

  function toggle(scope: string) {
    setErrors((current) => ({ ...current, scopes: null }));
    setScopes((current) => {
      const next = new Set(current);
      if (next.has(scope)) next.delete(scope);
      else next.add(scope);
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || checking) return;
    // Empty rows are left out; the rest is checked as the server reads it.
    const entries = rows.map((row) => row.value.trim()).filter(Boolean);
    const next = {
      name: !name.trim() ? t("validation.nameRequired") : null,
      scopes: scopes.size === 0 ? t("validation.scopesRequired") : null,
      expiry: expiry && expiry !== initialDate && expiry < today ? t("validation.expiryPast") : null,
    };
    setErrors(next);
    // Every entry as the server reads it (cached from typing, so usually at once).
    setChecking(true);
    let entriesOk = new Set(entries).size === entries.length;
    try {
      const checks = await Promise.all(
        entries.map((entry) =>
          queryClient.fetchQuery({
            ...trpc.apiKeys.checkWhitelistEntry.queryOptions({ entry }),
            staleTime: Number.POSITIVE_INFINITY,
          }),
        ),
      );
      entriesOk &&= checks.every((check) => check.error === null);
    } catch {
      // The server will answer for the entries on submit.
    } finally {
      setChecking(false);
    }
    if (next.name || next.scopes || next.expiry || !entriesOk) return;
    onSubmit({
      name: name.trim(),
      scopes: SCOPES.filter((scope) => scopes.has(scope)),
      ipWhitelist: entries,
      expiresAt: expiry === initialDate ? undefined : expiry ? saoPauloDayEnd(expiry) : null,
    });
  }

  return (
    <form onSubmit={submit} onKeyDown={keepEnterInField} noValidate className="space-y-6" data-testid={testId}>
      <Field id={`${id}-name`} label={t("name")} hint={t("nameHint")} error={errors.name}>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: null }));
          }}
          placeholder={t("namePlaceholder")}
          maxLength={MAX_KEY_NAME}
          autoComplete="off"
          {...describedBy(`${id}-name`, errors.name, t("nameHint"))}
        />
      </Field>

      <fieldset className="space-y-2" aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <legend className="text-sm font-medium text-slate-800">
            {t("scopes")}{" "}
            <span className="font-normal text-slate-500 tabular-nums">
              {t("scopesSelected", { count: scopes.size, total: SCOPES.length })}
            </span>
          </legend>
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setScopes(new Set(SCOPES));
                setErrors((current) => ({ ...current, scopes: null }));
              }}
            >
              {t("selectAll")}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setScopes(new Set())}>
              {t("selectNone")}
            </Button>
          </div>
        </div>
        <div
          className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2"
          data-testid="scope-list"
        >
          {SCOPES.map((scope) => (
            <label
              key={scope}
              className={cn(
                "flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50",
                scopes.has(scope) && "bg-emerald-50/50",
              )}
            >
              <input
                type="checkbox"
                checked={scopes.has(scope)}
                onChange={() => toggle(scope)}
                className="mt-0.5 size-4 shrink-0 accent-emerald-700"
              />
              <span className="min-w-0">
                <span className="block font-mono text-xs text-slate-900">{scope}</span>
                <span className="block text-xs text-slate-500">{scopeText(scopeMessageKey(scope))}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? <FieldError id={`${id}-scopes-error`}>{errors.scopes}</FieldError> : null}
      </fieldset>

      <WhitelistEditor rows={rows} onChange={setRows} />

      <Field id={`${id}-expiry`} label={t("expiry")} hint={t("expiryHint")} error={errors.expiry}>
        <div className="flex items-center gap-2">
          <div className="w-full max-w-[12rem]">
            <DateInput
              id={`${id}-expiry`}
              value={expiry}
              min={today}
              onChange={(date) => {
                setExpiry(date);
                setErrors((current) => ({ ...current, expiry: null }));
              }}
              size="lg"
              {...describedBy(`${id}-expiry`, errors.expiry, t("expiryHint"))}
            />
          </div>
          {expiry ? (
            <Button variant="ghost" size="sm" onClick={() => setExpiry("")}>
              {t("noExpiry")}
            </Button>
          ) : null}
        </div>
      </Field>

      {serverError ? <Alert>{serverError}</Alert> : null}

      <DialogActions className="border-t border-slate-100 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={pending || checking} data-testid="key-form-submit">
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
