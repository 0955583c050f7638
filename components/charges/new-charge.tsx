"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useAmountMessage, useFieldCheck } from "@/components/forms/field-check";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { parseAmount } from "@/components/send/amount";
import { AmountInput } from "@/components/send/shared";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { describedBy, Field, Select } from "@/components/ui/fields";
import { AlertCircleIcon, ArrowRightIcon, ChevronDownIcon, QrCodeIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ExpirationSeconds } from "@/server/charges/schema";
import { documentKind } from "@/server/documents/cpf-cnpj";
import { Description, ExternalId, MAX_DESCRIPTION, MAX_EXTERNAL_ID } from "@/server/fields/text";
import { ChargePanel, useLiveCharge } from "./charge-panel";

const PRESETS = [
  { key: "15m", seconds: 15 * 60 },
  { key: "1h", seconds: 60 * 60 },
  { key: "24h", seconds: 24 * 60 * 60 },
  { key: "7d", seconds: 7 * 24 * 60 * 60 },
] as const;
type Preset = (typeof PRESETS)[number]["key"] | "custom";

const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;

type Errors = Partial<Record<"amount" | "description" | "custom" | "externalId" | "sameDocument", string | null>>;

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
  const amountMessage = useAmountMessage();
  const check = useFieldCheck();
  const locale = useLocale();
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const overview = useQuery(trpc.account.overview.queryOptions());
  const create = useMutation(trpc.charges.create.mutationOptions());

  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const [amountText, setAmountText] = useState("");
  const [description, setDescription] = useState("");
  const [preset, setPreset] = useState<Preset>("24h");
  const [customValue, setCustomValue] = useState("30");
  const [customUnit, setCustomUnit] = useState<Unit>("minutes");
  const [moreOpen, setMoreOpen] = useState(false);
  const [externalId, setExternalId] = useState("");
  const [sameDocument, setSameDocument] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

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
  const accounts = overview.data.accounts;
  const account = accounts.find((item) => item.accountId === chosenAccount) ?? accounts[0];
  if (!account) return <p className="text-sm text-slate-600">{t("noAccount")}</p>;

  /** A field's error goes as soon as the field is edited. */
  function clear(field: keyof Errors) {
    setErrors((current) => (current[field] ? { ...current, [field]: null } : current));
  }

  function expirationSeconds(): number | null {
    const chosen = PRESETS.find((item) => item.key === preset);
    if (chosen) return chosen.seconds;
    const value = Number(customValue);
    if (!/^\d+$/.test(customValue.trim()) || value < 1) return null;
    const seconds = value * UNITS[customUnit];
    return ExpirationSeconds.safeParse(seconds).success ? seconds : null;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!account || create.isPending) return;
    setFormError(null);
    const amount = parseAmount(amountText, locale);
    const seconds = expirationSeconds();
    const document = sameDocument.trim();
    const next: Errors = {
      amount: amount.ok ? null : amountMessage(amount.error),
      description: check(Description, description),
      custom: seconds === null ? t("validation.custom") : null,
      externalId: externalId.trim() ? check(ExternalId, externalId.trim()) : null,
      sameDocument: document && !documentKind(document) ? t("validation.document") : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !amount.ok || seconds === null) {
      if (next.externalId || next.sameDocument) setMoreOpen(true);
      return;
    }
    create.mutate(
      {
        accountId: account.accountId,
        amount: amount.value,
        description: description.trim() || undefined,
        expirationSeconds: seconds,
        externalId: externalId.trim() || undefined,
        sameDocument: document || undefined,
      },
      {
        onSuccess: (charge) => {
          queryClient.setQueryData(trpc.charges.byTxId.queryKey({ txId: charge.txId }), charge);
          void queryClient.invalidateQueries(trpc.charges.list.pathFilter());
          onCreated(charge.txId);
        },
        onError: (cause) => {
          const { message, field } = explain(cause);
          if (field === "amount" || field === "externalId" || field === "sameDocument") {
            setErrors({ [field]: message });
            if (field !== "amount") setMoreOpen(true);
          } else if (field === "expirationSeconds") {
            setErrors({ custom: message });
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="charge-form">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <Field id={`${id}-amount`} label={t("amount")} error={errors.amount}>
          <AmountInput
            id={`${id}-amount`}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              clear("amount");
            }}
            placeholder={t("amountPlaceholder")}
            {...describedBy(`${id}-amount`, errors.amount)}
          />
        </Field>
        {accounts.length > 1 ? (
          <Field id={`${id}-account`} label={t("account")}>
            <Select
              id={`${id}-account`}
              value={account.accountId}
              onChange={(event) => setChosenAccount(event.target.value)}
              size="lg"
            >
              {accounts.map((item) => (
                <option key={item.accountId} value={item.accountId}>
                  {item.name} · {item.accountId}
                </option>
              ))}
            </Select>
          </Field>
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

      <Field
        id={`${id}-description`}
        label={t("descriptionLabel")}
        hint={t("descriptionHint")}
        error={errors.description}
      >
        <Input
          id={`${id}-description`}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            clear("description");
          }}
          placeholder={t("descriptionPlaceholder")}
          maxLength={MAX_DESCRIPTION}
          {...describedBy(`${id}-description`, errors.description, t("descriptionHint"))}
        />
      </Field>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("expiration")}</legend>
        <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" data-testid="expiration-presets">
          {[...PRESETS.map((item) => item.key), "custom" as const].map((key) => (
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
              <input
                type="radio"
                name={`${id}-expiration`}
                value={key}
                checked={preset === key}
                onChange={() => setPreset(key)}
                className="sr-only"
              />
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
                  value={customValue}
                  onChange={(event) => {
                    setCustomValue(event.target.value);
                    clear("custom");
                  }}
                  inputMode="numeric"
                  className="tabular-nums"
                  {...describedBy(`${id}-custom`, errors.custom)}
                />
              </div>
              <div className="min-w-0 flex-1">
                <Select
                  aria-label={t("customUnit")}
                  value={customUnit}
                  onChange={(event) => setCustomUnit(event.target.value as Unit)}
                  size="lg"
                >
                  {(Object.keys(UNITS) as Unit[]).map((unit) => (
                    <option key={unit} value={unit}>
                      {t(`units.${unit}`)}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            {errors.custom ? (
              <p id={`${id}-custom-error`} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
                <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
                {errors.custom}
              </p>
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
          <Field id={`${id}-external`} label={t("externalId")} hint={t("externalIdHint")} error={errors.externalId}>
            <Input
              id={`${id}-external`}
              value={externalId}
              onChange={(event) => {
                setExternalId(event.target.value);
                clear("externalId");
              }}
              maxLength={MAX_EXTERNAL_ID}
              autoComplete="off"
              {...describedBy(`${id}-external`, errors.externalId, t("externalIdHint"))}
            />
          </Field>
          <Field
            id={`${id}-document`}
            label={t("sameDocument")}
            hint={t("sameDocumentHint")}
            error={errors.sameDocument}
          >
            <Input
              id={`${id}-document`}
              value={sameDocument}
              onChange={(event) => {
                setSameDocument(event.target.value);
                clear("sameDocument");
              }}
              placeholder={t("sameDocumentPlaceholder")}
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              className="tabular-nums"
              {...describedBy(`${id}-document`, errors.sameDocument, t("sameDocumentHint"))}
            />
          </Field>
        </div>
      </div>

      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? null : <QrCodeIcon className="size-4" />}
          {create.isPending ? t("creating") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
