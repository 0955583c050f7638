import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { RecurrencePage } from "@/components/payment-page/recurrence-page";
import { qrCodePng } from "@/server/charges/qr-image";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { limitPageRequest } from "@/server/payment-pages/limit";
import { recurrencePageView } from "@/server/payment-pages/recurrence-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

/** The view, once per request (metadata and page); null for an unknown token. */
const viewOf = cache(async (token: string) => {
  try {
    return await recurrencePageView(db(), token);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = await viewOf((await params).token);
  const t = await getTranslations("paymentPage");
  if (!view) return { title: t("notFound.title") };
  return { title: { absolute: t("recurrence.metaTitle", { merchant: view.merchantName }) } };
}

/** A Pix Automático recurrence's authorisation request (journey 2), at its location's token. */
export default async function RecurrencePageRoute({ params }: Props) {
  const { token } = await params;
  try {
    await limitPageRequest(await headers());
  } catch (error) {
    if (error instanceof AppError && error.status === 429) notFound();
    throw error;
  }
  const view = await viewOf(token);
  if (!view) notFound();
  return (
    <RecurrencePage
      status={view.status}
      merchantName={view.merchantName}
      object={view.object}
      periodicity={view.periodicity}
      amountCents={view.amountCents?.toString() ?? null}
      minimumCents={view.minimumCents?.toString() ?? null}
      startDate={view.startDate}
      endDate={view.endDate}
      emv={view.emv}
      qrCode={view.emv ? await qrCodePng(view.emv) : null}
      accent={view.accentColor}
      logoUrl={view.logoUrl}
    />
  );
}
