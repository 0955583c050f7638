"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { z } from "zod";
import { keepEnterInField } from "@/components/forms/enter-key";
import { FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { DateInput } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { KeyName, MAX_KEY_NAME, Scopes } from "@/server/apikeys/schema";
import { READ_ONLY_SCOPES, SCOPES, type Scope } from "@/server/apikeys/scopes";
import { saoPauloDate, saoPauloDayEnd } from "@/server/time";
import { ScopePicker } from "./scope-picker";
import { newRow, WhitelistEditor, type WhitelistRow, whitelistRows } from "./whitelist-editor";

/** A date already set may stay; a new one cannot be in the past. */
const keyFields = (initialDate: string, today: string) =>
  z.object({
    name: KeyName,
    scopes: Scopes,
    expiry: z.string().refine((date) => !date || date === initialDate || date >= today),
  });

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

/** A new key's start: read-only, no allowlist, no expiry. */
const NEW_KEY: KeyFormInitial = { name: "", scopes: [...READ_ONLY_SCOPES], ipWhitelist: [], expiresAt: null };

/** Name, scopes, allowlist and expiry of a key: a new one, or `apiKey` changed. */
export function KeyForm({
  apiKey,
  pending,
  onSubmit,
  onCancel,
}: {
  apiKey?: KeyFormInitial;
  pending: boolean;
  /** `onError` shows a refusal of the service on the form. */
  onSubmit: (values: KeyFormValues, onError: (cause: unknown) => void) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("apiKeys.form");
  const dialog = useTranslations(apiKey ? "apiKeys.editDialog" : "apiKeys.createDialog");
  const initial = apiKey ?? NEW_KEY;
  const reasons = useTranslations("serviceErrors.reasons");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const initialDate = initial.expiresAt ? saoPauloDate(initial.expiresAt) : "";
  const today = saoPauloDate(new Date());

  const schema = useMemo(() => keyFields(initialDate, today), [initialDate, today]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      name: initial.name,
      scopes: SCOPES.filter((scope) => initial.scopes.includes(scope)),
      expiry: initialDate,
    },
    messages: {
      name: { required: t("validation.nameRequired") },
      scopes: t("validation.scopesRequired"),
      expiry: t("validation.expiryPast"),
    },
  });
  const [scopeList, expiry] = form.watch(["scopes", "expiry"]);
  const scopesError = form.formState.errors.scopes?.message;
  const [rows, setRows] = useState<WhitelistRow[]>(() =>
    initial.ipWhitelist.length > 0 ? whitelistRows(initial.ipWhitelist) : [newRow()],
  );
  const [checking, setChecking] = useState(false);

  const chooseScopes = (next: readonly Scope[]) =>
    form.setValue("scopes", [...next], { shouldValidate: form.formState.isSubmitted });

  /** Every allowlist entry as the server reads it (cached from typing, so usually at once). */
  async function entriesAccepted(entries: string[]): Promise<boolean> {
    if (new Set(entries).size !== entries.length) return false;
    setChecking(true);
    try {
      const checks = await Promise.all(
        entries.map((entry) =>
          queryClient.fetchQuery({
            ...trpc.apiKeys.checkWhitelistEntry.queryOptions({ entry }),
            staleTime: Number.POSITIVE_INFINITY,
          }),
        ),
      );
      return checks.every((check) => check.error === null);
    } catch {
      return true; // the server will answer for the entries on submit
    } finally {
      setChecking(false);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    if (pending || checking) return;
    // Empty rows are left out; the rest is checked as the server reads it.
    const entries = rows.map((row) => row.value.trim()).filter(Boolean);
    // A key without an allowed IP would be refused everywhere: the server does not create one.
    if (entries.length === 0) {
      form.setError("root.server", { type: "required", message: reasons("IP_WHITELIST_REQUIRED") });
      return;
    }
    if (!(await entriesAccepted(entries))) return;
    onSubmit(
      {
        name: values.name,
        scopes: SCOPES.filter((scope) => values.scopes.includes(scope)),
        ipWhitelist: entries,
        expiresAt: values.expiry === initialDate ? undefined : values.expiry ? saoPauloDayEnd(values.expiry) : null,
      },
      (cause) => showServiceError(form, explain(cause), { name: "name", scopes: "scopes", expiresAt: "expiry" }),
    );
  });

  return (
    <form
      onSubmit={submit}
      onKeyDown={keepEnterInField}
      noValidate
      className="space-y-6"
      data-testid={apiKey ? "edit-key-form" : "create-key-form"}
    >
      <FormField form={form} name="name" label={t("name")} hint={t("nameHint")}>
        {(control) => (
          <Input {...control} placeholder={t("namePlaceholder")} maxLength={MAX_KEY_NAME} autoComplete="off" />
        )}
      </FormField>

      <ScopePicker selected={scopeList} onChoose={chooseScopes} error={scopesError} errorId={`${id}-scopes-error`} />

      <WhitelistEditor rows={rows} onChange={setRows} />

      <FormField form={form} name="expiry" label={t("expiry")} hint={t("expiryHint")}>
        {({ id: controlId, "aria-invalid": invalid, "aria-describedby": described }) => (
          <div className="flex items-center gap-2">
            <div className="w-full max-w-[12rem]">
              <DateInput
                id={controlId}
                value={expiry}
                min={today}
                onChange={(date) => form.setValue("expiry", date, { shouldValidate: form.formState.isSubmitted })}
                size="lg"
                aria-invalid={invalid}
                aria-describedby={described}
              />
            </div>
            {expiry ? (
              <Button variant="ghost" size="sm" onClick={() => form.setValue("expiry", "")}>
                {t("noExpiry")}
              </Button>
            ) : null}
          </div>
        )}
      </FormField>

      <FormAlert form={form} />

      <DialogActions className="border-t border-slate-100 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={pending || checking} data-testid="key-form-submit">
          {pending ? dialog("submitting") : dialog("submit")}
        </Button>
      </DialogActions>
    </form>
  );
}
