"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { z } from "zod";
import { AccountOptions, useFirstAccount } from "@/components/balance/accounts";
import { amountText } from "@/components/forms/amount";
import { AmountField } from "@/components/forms/amount-input";
import { CreateButton } from "@/components/forms/create-form";
import { withCheckDigits } from "@/components/forms/document";
import { DocumentField } from "@/components/forms/document-field";
import { useFormBasics } from "@/components/forms/form-basics";
import { blankAsAbsent, FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useBlockedReason } from "@/components/live/blocked-accounts";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { describedBy, FieldError, Select } from "@/components/ui/fields";
import { AlertCircleIcon, ArrowRightIcon, ChevronDownIcon, QrCodeIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ChargeCreate, ExpirationSeconds } from "@/server/charges/schema";
import { ExternalId, MAX_DESCRIPTION, MAX_EXTERNAL_ID } from "@/server/fields/text";
import { centsToBrl } from "@/server/money";
import { ChargePanel, useLiveCharge } from "./charge-panel";

const PRESETS = [
  { key: "15m", seconds: 15 * 60 },
  { key: "1h", seconds: 60 * 60 },
  { key: "24h", seconds: 24 * 60 * 60 },
  { key: "7d", seconds: 7 * 24 * 60 * 60 },
] as const;
const PRESET_KEYS = PRESETS.map((item) => item.key);

const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
const UNIT_KEYS = Object.keys(UNITS) as (keyof typeof UNITS)[];

const chargeForm = (locale: string) =>
  z.object({
    accountId: ChargeCreate.shape.accountId,
    amount: amountText(locale),
    description: ChargeCreate.shape.description,
    expiration: z
      .object({ preset: z.enum([...PRESET_KEYS, "custom"]), value: z.string(), unit: z.enum(UNIT_KEYS) })
      .transform(({ preset, value, unit }, ctx) => {
        const chosen = PRESETS.find((item) => item.key === preset);
        if (chosen) return chosen.seconds;
        const seconds = /^\d+$/.test(value.trim()) ? Number(value) * UNITS[unit] : Number.NaN;
        if (ExpirationSeconds.safeParse(seconds).success) return seconds;
        ctx.addIssue({ code: "custom", message: "expiration", path: ["value"], input: value });
        return z.NEVER;
      }),
    externalId: blankAsAbsent(ExternalId),
    sameDocument: blankAsAbsent(withCheckDigits(ChargeCreate.shape.sameDocument.unwrap())),
  });

/** The "New charge" card: the form, then the charge it created with its QR code. */
export function NewCharge() {
  const [created, setCreated] = useState<string | null>(null);
  const t = useTranslations("charges.new");
  return (
    <Card data-testid="new-charge">
      <CardHeader>
        <CardTitle>{created ? t("createdTitle") : t("title")}</CardTitle>
        <CardDescription>{created ? t("createdBody") : t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {created ? (
          <CreatedCharge txId={created} onAnother={() => setCreated(null)} />
        ) : (
          <ChargeForm onCreated={setCreated} />
        )}
      </CardContent>
    </Card>
  );
}

function CreatedCharge({ txId, onAnother }: { txId: string; onAnother: () => void }) {
  const t = useTranslations("charges.new");
  const charge = useLiveCharge(txId);
  return (
    <div className="space-y-6" data-testid="charge-result">
      {charge.data ? <ChargePanel charge={charge.data} /> : <Skeleton className="h-60 w-full" />}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onAnother}>
          {t("another")}
        </Button>
        <ButtonLink href={`/charges/${txId}`} data-testid="charge-details-link">
          {t("details")}
          <ArrowRightIcon className="size-4" />
        </ButtonLink>
      </div>
    </div>
  );
}

function ChargeForm({ onCreated }: { onCreated: (txId: string) => void }) {
  const t = useTranslations("charges.new");
  const common = useTranslations("common");
  const basics = useFormBasics((trpc) => trpc.charges.create.mutationOptions());
  const { locale, id, trpc, queryClient, explain, overview, accounts, mutation: create } = basics;
  const blockedReason = useBlockedReason();
  const [moreOpen, setMoreOpen] = useState(false);

  const schema = useMemo(() => chargeForm(locale), [locale]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      accountId: "",
      amount: "",
      description: "",
      expiration: { preset: "24h", value: "30", unit: "minutes" },
      externalId: "",
      sameDocument: "",
    },
    messages: {
      "expiration.value": { invalid: t("validation.custom") },
      sameDocument: { invalid: t("validation.document") },
    },
  });
  useFirstAccount(form, accounts);
  const preset = form.watch("expiration.preset");
  const blocked = blockedReason(accounts.find((account) => account.accountId === form.watch("accountId")));

  if (overview.isPending) {
    return (
      <div className="space-y-4" role="status" aria-live="polite">
        <span className="sr-only">{common("loading")}</span>
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-700" role="alert">
          <AlertCircleIcon className="size-4 text-red-600" />
          {t("accountsError")}
        </p>
        <Button variant="secondary" onClick={() => overview.refetch()} loading={overview.isFetching}>
          {common("retry")}
        </Button>
      </div>
    );
  }
  const account = accounts[0];
  if (!account) return <p className="text-sm text-slate-600">{t("noAccount")}</p>;

  const onSubmit = form.handleSubmit(
    (values) => {
      if (create.isPending) return;
      const { expiration, amount, ...rest } = values;
      create.mutate(
        { ...rest, amount: centsToBrl(amount), expirationSeconds: expiration },
        {
          onSuccess: (charge) => {
            queryClient.setQueryData(trpc.charges.byTxId.queryKey({ txId: charge.txId }), charge);
            void queryClient.invalidateQueries(trpc.charges.list.pathFilter());
            onCreated(charge.txId);
          },
          onError: (cause) => {
            const described = explain(cause);
            if (described.field === "externalId" || described.field === "sameDocument") setMoreOpen(true);
            showServiceError(form, described, {
              amount: "amount",
              externalId: "externalId",
              sameDocument: "sameDocument",
              expirationSeconds: "expiration.value",
            });
          },
        },
      );
    },
    (errors) => {
      if (errors.externalId || errors.sameDocument) setMoreOpen(true);
    },
  );
  const customError = form.formState.errors.expiration?.value?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="charge-form">
      <FormAlert form={form} />
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <AmountField form={form} name="amount" label={t("amount")} placeholder={t("amountPlaceholder")} />
        {accounts.length > 1 ? (
          <FormField form={form} name="accountId" label={t("account")}>
            {(control) => (
              <Select {...control} size="lg">
                <AccountOptions accounts={accounts} />
              </Select>
            )}
          </FormField>
        ) : (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">{t("account")}</p>
            <p className="flex h-11 items-center rounded-lg border border-slate-200 bg-slate-50 px-3.5 text-sm text-slate-700">
              <span className="truncate">
                {account.name} · <span className="tabular-nums">{account.accountId}</span>
              </span>
            </p>
          </div>
        )}
      </div>

      <FormField form={form} name="description" label={t("descriptionLabel")} hint={t("descriptionHint")}>
        {(control) => <Input {...control} placeholder={t("descriptionPlaceholder")} maxLength={MAX_DESCRIPTION} />}
      </FormField>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("expiration")}</legend>
        <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" data-testid="expiration-presets">
          {[...PRESET_KEYS, "custom" as const].map((key) => (
            <label
              key={key}
              className={cn(
                "flex h-10 cursor-pointer items-center justify-center rounded-lg border px-3.5 text-sm font-medium transition-colors sm:min-w-[5.5rem]",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600 has-[:focus-visible]:ring-offset-2",
                preset === key
                  ? "border-emerald-600 bg-emerald-50 text-emerald-800"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              <input type="radio" value={key} className="sr-only" {...form.register("expiration.preset")} />
              {t(`presets.${key}`)}
            </label>
          ))}
        </div>
        {preset === "custom" ? (
          <div className="pt-1">
            <div className="flex max-w-sm gap-2">
              <div className="w-28 shrink-0">
                <Input
                  id={`${id}-custom`}
                  aria-label={t("customValue")}
                  inputMode="numeric"
                  className="tabular-nums"
                  {...form.register("expiration.value")}
                  {...describedBy(`${id}-custom`, customError)}
                />
              </div>
              <div className="min-w-0 flex-1">
                <Select aria-label={t("customUnit")} size="lg" {...form.register("expiration.unit")}>
                  {UNIT_KEYS.map((unit) => (
                    <option key={unit} value={unit}>
                      {t(`units.${unit}`)}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            {customError ? (
              <div className="mt-1.5">
                <FieldError id={`${id}-custom-error`}>{customError}</FieldError>
              </div>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <div className="rounded-lg border border-slate-200">
        <button
          type="button"
          onClick={() => setMoreOpen((open) => !open)}
          aria-expanded={moreOpen}
          aria-controls={`${id}-more`}
          className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t("more")}
          <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", moreOpen && "rotate-180")} />
        </button>
        <div id={`${id}-more`} hidden={!moreOpen} className="space-y-5 border-t border-slate-100 px-4 py-4">
          <FormField form={form} name="externalId" label={t("externalId")} hint={t("externalIdHint")}>
            {(control) => <Input {...control} maxLength={MAX_EXTERNAL_ID} autoComplete="off" />}
          </FormField>
          <DocumentField
            form={form}
            name="sameDocument"
            label={t("sameDocument")}
            hint={t("sameDocumentHint")}
            placeholder={t("sameDocumentPlaceholder")}
          />
        </div>
      </div>

      {blocked ? (
        <Alert tone="warning" data-testid="account-blocked">
          {blocked}
        </Alert>
      ) : null}
      <CreateButton pending={create.isPending} icon={QrCodeIcon} messages={t} disabled={blocked !== null} />
    </form>
  );
}
