"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { keepEnterInField } from "@/components/forms/enter-key";
import { useAmountMessage } from "@/components/forms/field-check";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { parseAmount } from "@/components/send/amount";
import { AmountInput } from "@/components/send/shared";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { describedBy, Field, Select } from "@/components/ui/fields";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_STATIC_QR_DESCRIPTION, MAX_STATIC_QR_LABEL } from "@/server/charges/schema";

type Errors = Partial<Record<"label" | "amount" | "description" | "account", string | null>>;

/** "New static QR code": a name, fixed or open amount, an optional description. */
export function NewStaticQr() {
  const t = useTranslations("staticQr");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="static-qr-new">
        <PlusIcon className="size-4" />
        {t("new")}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("form.title")}
        description={t("form.body")}
        testId="static-qr-dialog"
      >
        {open ? <StaticQrForm onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

function StaticQrForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("staticQr.form");
  const keyTypes = useTranslations("pixKeys.types");
  const amountMessage = useAmountMessage();
  const locale = useLocale();
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const overview = useQuery(trpc.account.overview.queryOptions());
  const keyrings = useQuery(trpc.pixKeys.accounts.queryOptions());
  const create = useMutation(trpc.charges.static.create.mutationOptions());

  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [mode, setMode] = useState<"fixed" | "open">("fixed");
  const [amountText, setAmountText] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const accounts = overview.data?.accounts ?? [];
  const account = accounts.find((item) => item.accountId === chosenAccount) ?? accounts[0];
  const keys = keyrings.data?.find((ring) => ring.accountId === account?.accountId)?.keys ?? [];
  const key = keys.find((item) => item.keyId === chosenKey) ?? keys.find((item) => item.isCurrent) ?? keys[0];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const parsed = mode === "fixed" ? parseAmount(amountText, locale) : null;
    const next: Errors = {
      label: label.trim() ? null : t("labelRequired"),
      amount: parsed && !parsed.ok ? amountMessage(parsed.error) : null,
    };
    setErrors(next);
    if (next.label || next.amount || !account) return;
    create.mutate(
      {
        accountId: account.accountId,
        ...(key ? { pixKeyId: key.keyId } : {}),
        label: label.trim(),
        amount: parsed?.ok ? parsed.value : null,
        description: description.trim() || undefined,
      },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries(trpc.charges.static.pathFilter());
          onDone();
        },
        onError: (cause) => {
          const { message, field } = explain(cause);
          if (field === "label" || field === "amount" || field === "description") setErrors({ [field]: message });
          else setFormError(message);
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={keepEnterInField}
      noValidate
      className="space-y-5"
      data-testid="static-qr-form"
    >
      <Field id={`${id}-label`} label={t("label")} hint={t("labelHint")} error={errors.label}>
        <Input
          id={`${id}-label`}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          placeholder={t("labelPlaceholder")}
          maxLength={MAX_STATIC_QR_LABEL}
          autoComplete="off"
          {...describedBy(`${id}-label`, errors.label, t("labelHint"))}
        />
      </Field>

      <ChoiceCards
        legend={t("amountKind")}
        name={`${id}-mode`}
        choices={(["fixed", "open"] as const).map((value) => ({ value, title: t(value), hint: t(`${value}Hint`) }))}
        value={mode}
        onChange={setMode}
      />

      {mode === "fixed" ? (
        <Field id={`${id}-amount`} label={t("amount")} error={errors.amount}>
          <AmountInput
            id={`${id}-amount`}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            placeholder="0,00"
            {...describedBy(`${id}-amount`, errors.amount)}
          />
        </Field>
      ) : null}

      <Field id={`${id}-description`} label={t("description")} hint={t("descriptionHint")} error={errors.description}>
        <Input
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={MAX_STATIC_QR_DESCRIPTION}
          {...describedBy(`${id}-description`, errors.description, t("descriptionHint"))}
        />
      </Field>

      {accounts.length > 1 && account ? (
        <Field id={`${id}-account`} label={t("account")}>
          <Select
            id={`${id}-account`}
            value={account.accountId}
            onChange={(event) => {
              setChosenAccount(event.target.value);
              setChosenKey(null);
            }}
          >
            {accounts.map((item) => (
              <option key={item.accountId} value={item.accountId}>
                {item.name} · {item.accountId}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}

      {keys.length > 0 && key ? (
        <Field id={`${id}-key`} label={t("pixKey")} hint={t("keyHint")}>
          <Select
            id={`${id}-key`}
            value={key.keyId}
            onChange={(event) => setChosenKey(event.target.value)}
            {...describedBy(`${id}-key`, null, t("keyHint"))}
          >
            {keys.map((item) => (
              <option key={item.keyId} value={item.keyId}>
                {t(item.isCurrent ? "pixKeyCurrent" : "pixKeyOption", { type: keyTypes(item.type), key: item.key })}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {formError ? <Alert>{formError}</Alert> : null}

      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={create.isPending || overview.isPending} data-testid="static-qr-submit">
          {t("submit")}
        </Button>
      </DialogActions>
    </form>
  );
}
