"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { z } from "zod";
import { FormError, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { errorData, useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { keyFormatError } from "@/server/pix/keys";
import {
  DOCUMENT_KEY_TYPE,
  MAX_PIX_KEY_LENGTH,
  NewPixKey,
  normalisePhoneKey,
  type PixKeyTypeName,
} from "@/server/pix/keys/schema";
import { ConfirmKeyStep, type PendingKey } from "./confirm-key-step";
import { useDuration } from "./countdown";

type KeyKind = PixKeyTypeName;
/** `keyTypes`: what the account may register (a company's account has no CPF key, a person's no CNPJ key). */
export type KeyAccount = {
  accountId: string;
  document: string;
  personType: "person" | "company";
  keyTypes: KeyKind[];
};

/** The value a type starts with: the account's document for its own document type, else nothing. */
function initialValue(kind: KeyKind, account: KeyAccount): string {
  return kind === DOCUMENT_KEY_TYPE[account.personType] ? account.document : "";
}

/** The key as the service reads it: digits of a document, a phone as +55…, an e-mail in lower case. */
function normalised(kind: KeyKind, key: string): string {
  if (kind === "CPF" || kind === "CNPJ") return key.replace(/\D/g, "");
  return kind === "PHONE" ? normalisePhoneKey(key) : key.toLowerCase();
}

/** The key typed for `kind`, checked as the service checks it. */
function keyForm(kind: KeyKind) {
  const typed = NewPixKey.shape.key.unwrap().refine((key) => keyFormatError(normalised(kind, key), kind) === null);
  // a random key (EVP) is made by the service: nothing to type
  return z.object({ key: kind === "EVP" ? z.string() : typed });
}

/** Registers a key of any of the five types on one account; the service's refusals in the reader's words. */
export function RegisterKeyDialog({ account, onClose }: { account: KeyAccount | null; onClose: () => void }) {
  const t = useTranslations("pixKeys.dialog");
  return (
    <Dialog
      open={account !== null}
      onClose={onClose}
      title={t("title")}
      description={account ? t("description", { accountId: account.accountId }) : null}
      testId="register-key-dialog"
    >
      {account ? <RegisterKeyForm account={account} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The key's type and value; an e-mail or phone key then asks for the code sent to it. */
function RegisterKeyForm({ account, onClose }: { account: KeyAccount; onClose: () => void }) {
  const [pending, setPending] = useState<PendingKey | null>(null);
  return pending ? (
    <ConfirmKeyStep accountId={account.accountId} pending={pending} onClose={onClose} />
  ) : (
    <KeyValueForm account={account} onClose={onClose} onPending={setPending} />
  );
}

function KeyValueForm({
  account,
  onClose,
  onPending,
}: {
  account: KeyAccount;
  onClose: () => void;
  onPending: (pending: PendingKey) => void;
}) {
  const t = useTranslations("pixKeys");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const duration = useDuration();
  const id = useId();
  const [kind, setKind] = useState<KeyKind>("EVP");
  const schema = useMemo(() => keyForm(kind), [kind]);
  const form = useSchemaForm(schema, {
    defaultValues: { key: "" },
    messages: { key: kind === "EVP" ? undefined : t(`dialog.invalid.${kind}`) },
  });
  const create = useMutation(trpc.pixKeys.create.mutationOptions());

  const choose = (next: KeyKind) => {
    setKind(next);
    form.reset({ key: initialValue(next, account) });
  };

  /** The service's refusal: the key's own problems under the field, the rest above the buttons. */
  const showRefusal = (cause: unknown) => {
    const data = errorData(cause);
    const appCode = data?.appCode ?? null;
    const onKey = (message: string) => form.setError("key", { message });
    if (appCode === "BAAS_PIX_KEY_COOLDOWN" && data?.retryAfterSeconds) {
      form.setError("root.server", { message: t("dialog.cooldownLeft", { time: duration(data.retryAfterSeconds) }) });
    } else if (appCode === "CONFLICT") {
      onKey(t("dialog.alreadyRegistered"));
    } else if (data?.reason) {
      showServiceError(form, explain(cause), { key: "key" });
    } else if (appCode === "VALIDATION_ERROR" && data?.field === "key" && kind === "EVP") {
      // a random key has no field of its own: the directory refused the account's details
      form.setError("root.server", { message: t("dialog.directoryRefused") });
    } else if (appCode === "VALIDATION_ERROR" && data?.field === "key") {
      onKey(kind === "CPF" || kind === "CNPJ" ? t("dialog.notOwnDocument") : t(`dialog.invalid.${kind}`));
    } else {
      showServiceError(form, explain(cause), { key: "key" });
    }
  };

  const submit = form.handleSubmit(async ({ key }) => {
    try {
      const result = await create.mutateAsync({
        accountId: account.accountId,
        type: kind,
        ...(kind === "EVP" ? {} : { key }),
      });
      if (result.state === "pending_verification") return onPending(result.pending);
      await queryClient.invalidateQueries(trpc.pixKeys.accounts.pathFilter());
      onClose();
    } catch (cause) {
      showRefusal(cause);
    }
  });

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-900">{t("dialog.type")}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup">
          {account.keyTypes.map((option) => (
            <label
              key={option}
              className={cn(
                "flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600/40",
                kind === option
                  ? "border-emerald-600 bg-emerald-50 text-emerald-900"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
              data-testid={`key-type-${option}`}
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={option}
                checked={kind === option}
                onChange={() => choose(option)}
                className="sr-only"
              />
              {t(`types.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {kind === "EVP" ? (
        <p className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm text-slate-600" data-testid="evp-hint">
          {t("typeHints.EVP")}
        </p>
      ) : (
        <FormField form={form} name="key" label={t("dialog.key")} hint={t(`typeHints.${kind}`)}>
          {(control) => (
            <Input
              {...control}
              inputMode={kind === "PHONE" ? "tel" : kind === "EMAIL" ? "email" : "numeric"}
              autoComplete="off"
              maxLength={MAX_PIX_KEY_LENGTH}
              placeholder={kind === "PHONE" ? "(11) 98765-4321" : kind === "EMAIL" ? "nome@empresa.com.br" : undefined}
              className="font-mono"
              data-testid="key-value"
            />
          )}
        </FormField>
      )}

      <FormError form={form} testId="register-key-error" />

      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="register-key-submit">
          {t("dialog.submit")}
        </Button>
      </DialogActions>
    </form>
  );
}
