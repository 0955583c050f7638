import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { db } from "@/server/db/client";
import { AppError, ERROR_REASONS } from "@/server/errors";
import { formatBrl } from "@/server/money";
import {
  newVisitToken,
  openVisitCharge,
  type PublicLinkView,
  publicLinkView,
  VISIT_TOKEN_PATTERN,
} from "@/server/payment-links/visit";
import { VISIT_COOKIE } from "@/server/payment-links/visit-cookie";
import { limitPageRequest } from "@/server/payment-pages/limit";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ linkId: string }>; searchParams: Promise<{ error?: string }> };

async function viewOf(linkId: string): Promise<PublicLinkView | null> {
  try {
    return await publicLinkView(db(), linkId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = await viewOf((await params).linkId);
  const t = await getTranslations("paymentPage.link");
  if (!view) return { title: t("notFound") };
  const title = view.amountCents
    ? `${view.description} · ${formatBrl(view.amountCents, await getLocale())}`
    : view.description;
  const description = t("metaTitle", { merchant: view.merchantName });
  return { title: { absolute: title }, description, openGraph: { title, description, siteName: view.merchantName } };
}

/** A payment link: what it asks the payer (amount of an open link, payer fields), then a charge of its own. */
export default async function PaymentLinkPage({ params, searchParams }: Props) {
  const { linkId } = await params;
  try {
    await limitPageRequest(await headers());
  } catch (error) {
    if (error instanceof AppError && error.status === 429) notFound();
    throw error;
  }
  const view = await viewOf(linkId);
  if (!view) notFound();
  // a visit that already has its charge goes back to it: a reload never makes another
  const kept = (await cookies()).get(VISIT_COOKIE)?.value;
  if (kept && VISIT_TOKEN_PATTERN.test(kept)) {
    const charge = await openVisitCharge(db(), linkId, kept, new Date());
    if (charge) redirect(`/c/${charge.publicId}`);
  }
  const visit = kept && VISIT_TOKEN_PATTERN.test(kept) ? kept : newVisitToken();
  const t = await getTranslations("paymentPage.link");
  const errors = await getTranslations("serviceErrors");
  const locale = await getLocale();
  const { error } = await searchParams;
  const errorText = error
    ? (ERROR_REASONS as readonly string[]).includes(error)
      ? errors(`reasons.${error}` as "reasons.LINK_INACTIVE")
      : errors("invalidInput")
    : null;
  const money = (cents: bigint) => formatBrl(cents, locale);

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-600">{t("payTo")}</p>
          <h1 className="text-lg font-semibold break-words text-slate-900">{view.merchantName}</h1>
        </div>
        <LanguageSwitcher className="w-36 shrink-0" />
      </header>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-base font-medium text-slate-900" data-testid="link-description">
          {view.description}
        </p>
        {view.amountCents ? (
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900" data-testid="link-amount">
            {money(view.amountCents)}
          </p>
        ) : null}
      </section>
      {view.state !== "open" ? (
        <Alert tone="warning" data-testid="link-closed">
          {t(view.state)}
        </Alert>
      ) : (
        <form method="post" action={`/l/${view.id}/pay`} className="space-y-4" data-testid="link-form">
          {errorText ? <Alert data-testid="link-error">{errorText}</Alert> : null}
          <input type="hidden" name="visit" value={visit} />
          {view.amountCents === null ? (
            <Field
              id="amount"
              label={t("amount")}
              hint={t("amountRange", {
                lowest: money(view.minAmountCents ?? 1n),
                highest: money(view.maxAmountCents ?? 1n),
              })}
            >
              <Input
                id="amount"
                name="amount"
                inputMode="decimal"
                required
                autoComplete="off"
                aria-describedby="amount-hint"
              />
            </Field>
          ) : null}
          {view.payerFields.map((field) => (
            <Field key={field} id={`payer-${field}`} label={t(field)}>
              <Input
                id={`payer-${field}`}
                name={field}
                required
                type={field === "email" ? "email" : "text"}
                autoComplete={field === "name" ? "name" : field === "email" ? "email" : "off"}
                inputMode={field === "document" ? "numeric" : undefined}
              />
            </Field>
          ))}
          <Button type="submit" className="h-11 w-full" data-testid="link-pay">
            {t("pay")}
          </Button>
        </form>
      )}
    </main>
  );
}
