"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { z } from "zod";
import { AccountOptions } from "@/components/balance/accounts";
import { amountText } from "@/components/forms/amount";
import { AmountField } from "@/components/forms/amount-input";
import { keepEnterInField } from "@/components/forms/enter-key";
import { useFormBasics } from "@/components/forms/form-basics";
import { FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useBlockedReason } from "@/components/live/blocked-accounts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { describedBy, Field, Select } from "@/components/ui/fields";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_STATIC_QR_DESCRIPTION, MAX_STATIC_QR_LABEL, StaticQrCreate } from "@/server/charges/schema";
import { centsToBrl } from "@/server/money";

/** The amount field is there only for a fixed amount (fields unregister when hidden). */
const staticQrForm = (locale: string) =>
  z.object({
    label: StaticQrCreate.shape.label,
    amount: amountText(locale).optional(),
    description: StaticQrCreate.shape.description,
  });

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
  const basics = useFormBasics((trpc) => trpc.charges.static.create.mutationOptions());
  const { locale, id, trpc, queryClient, explain, overview, accounts, mutation: create } = basics;
  const keyrings = useQuery(trpc.pixKeys.accounts.queryOptions());

  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [mode, setMode] = useState<"fixed" | "open">("fixed");
  const schema = useMemo(() => staticQrForm(locale), [locale]);
  const form = useSchemaForm(schema, {
    defaultValues: { label: "", amount: "", description: "" },
    shouldUnregister: true,
    messages: { label: { required: t("labelRequired") } },
  });

  const account = accounts.find((item) => item.accountId === chosenAccount) ?? accounts[0];
  const blocked = useBlockedReason()(account);
  const keys = keyrings.data?.find((ring) => ring.accountId === account?.accountId)?.keys ?? [];
  const key = keys.find((item) => item.keyId === chosenKey) ?? keys.find((item) => item.isCurrent) ?? keys[0];

  const onSubmit = form.handleSubmit(({ label, amount, description }) => {
    if (create.isPending || !account) return;
    create.mutate(
      {
        accountId: account.accountId,
        ...(key ? { pixKeyId: key.keyId } : {}),
        label,
        amount: amount === undefined ? null : centsToBrl(amount),
        description: description || undefined,
      },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries(trpc.charges.static.pathFilter());
          onDone();
        },
        onError: (cause) =>
          showServiceError(form, explain(cause), { label: "label", amount: "amount", description: "description" }),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={keepEnterInField}
      noValidate
      className="space-y-5"
      data-testid="static-qr-form"
    >
      <FormField form={form} name="label" label={t("label")} hint={t("labelHint")}>
        {(control) => (
          <Input {...control} placeholder={t("labelPlaceholder")} maxLength={MAX_STATIC_QR_LABEL} autoComplete="off" />
        )}
      </FormField>

      <ChoiceCards
        legend={t("amountKind")}
        name={`${id}-mode`}
        choices={(["fixed", "open"] as const).map((value) => ({ value, title: t(value), hint: t(`${value}Hint`) }))}
        value={mode}
        onChange={setMode}
      />

      {mode === "fixed" ? <AmountField form={form} name="amount" label={t("amount")} /> : null}

      <FormField form={form} name="description" label={t("description")} hint={t("descriptionHint")}>
        {(control) => <Input {...control} maxLength={MAX_STATIC_QR_DESCRIPTION} />}
      </FormField>

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
            <AccountOptions accounts={accounts} />
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
      <FormAlert form={form} />
      {blocked ? (
        <Alert tone="warning" data-testid="account-blocked">
          {blocked}
        </Alert>
      ) : null}

      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          {t("cancel")}
        </Button>
        <Button
          type="submit"
          loading={create.isPending || overview.isPending}
          disabled={blocked !== null}
          data-testid="static-qr-submit"
        >
          {t("submit")}
        </Button>
      </DialogActions>
    </form>
  );
}
