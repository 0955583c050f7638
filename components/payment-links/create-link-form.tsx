"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { AccountOptions, useAccountsOverview } from "@/components/balance/accounts";
import { readAmount } from "@/components/forms/amount";
import { AmountInput } from "@/components/forms/amount-input";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { PAYER_FIELDS, type PayerField } from "@/server/payment-links/schema";

type Kind = "fixed" | "open";

/** A new payment link: account, description, fixed or open amount, and the optional limits and payer fields. */
export function CreateLinkForm({ onCreated }: { onCreated: (url: string) => void }) {
  const t = useTranslations("paymentLinks.form");
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useAccountsOverview().data?.accounts ?? [];
  const serviceError = useServiceError();
  const create = useMutation(trpc.paymentLinks.create.mutationOptions());
  const [kind, setKind] = useState<Kind>("fixed");
  const [fields, setFields] = useState<PayerField[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const amount = (name: string) => (text(name) ? readAmount(text(name), locale) : undefined);
    const values = { amount: amount("amount"), minAmount: amount("minAmount"), maxAmount: amount("maxAmount") };
    if (Object.values(values).some((value) => value === null)) return setProblem(t("amountInvalid"));
    const expires = text("expiresAt");
    const max = text("maxPayments");
    try {
      const link = await create.mutateAsync({
        accountId: text("accountId") || (accounts[0]?.accountId ?? ""),
        description: text("description"),
        ...(kind === "fixed"
          ? { amount: values.amount ?? undefined }
          : { minAmount: values.minAmount ?? undefined, maxAmount: values.maxAmount ?? undefined }),
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:59-03:00`) } : {}),
        ...(max ? { maxPayments: Number(max) } : {}),
        payerFields: fields,
      });
      await queryClient.invalidateQueries(trpc.paymentLinks.list.pathFilter());
      event.currentTarget?.reset();
      onCreated(link.url);
    } catch (error) {
      setProblem(serviceError(error).message);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="create-link-form">
          {accounts.length > 1 ? (
            <Field id="link-account" label={t("account")}>
              <Select id="link-account" name="accountId">
                <AccountOptions accounts={accounts} />
              </Select>
            </Field>
          ) : null}
          <Field id="link-description" label={t("description")}>
            <Input
              id="link-description"
              name="description"
              required
              maxLength={140}
              data-testid="link-description-input"
            />
          </Field>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">{t("amountKind")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["fixed", "open"] as const).map((value) => (
                <label key={value} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                  />
                  {t(`kinds.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === "fixed" ? (
            <Field id="link-amount" label={t("amount")}>
              <AmountInput id="link-amount" name="amount" required data-testid="link-amount-input" />
            </Field>
          ) : (
            <>
              <Field id="link-min" label={t("minAmount")}>
                <AmountInput id="link-min" name="minAmount" required />
              </Field>
              <Field id="link-max" label={t("maxAmount")}>
                <AmountInput id="link-max" name="maxAmount" required />
              </Field>
            </>
          )}
          <Field id="link-expires" label={t("expiresAt")} hint={t("optional")}>
            <Input id="link-expires" name="expiresAt" type="date" />
          </Field>
          <Field id="link-max-payments" label={t("maxPayments")} hint={t("optional")}>
            <Input id="link-max-payments" name="maxPayments" type="number" min={1} step={1} inputMode="numeric" />
          </Field>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">{t("payerFields")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {PAYER_FIELDS.map((field) => (
                <label key={field} className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={fields.includes(field)}
                    onChange={(event) =>
                      setFields((now) => (event.target.checked ? [...now, field] : now.filter((f) => f !== field)))
                    }
                  />
                  {t(`fields.${field}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {problem ? (
            <Alert className="sm:col-span-2" data-testid="create-link-error">
              {problem}
            </Alert>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" loading={create.isPending} data-testid="create-link">
              {t("submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
