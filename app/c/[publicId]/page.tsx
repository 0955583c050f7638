import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache } from "react";
import { PaymentPage } from "@/components/payment-page/payment-page";
import { qrCodePng } from "@/server/charges/qr-image";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatBrl } from "@/server/money";
import { limitPageRequest } from "@/server/payment-pages/limit";
import { paymentPageView } from "@/server/payment-pages/view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ publicId: string }> };

/** The view, once per request (metadata and page); null for an unknown id. */
const viewOf = cache(async (publicId: string) => {
  try {
    return await paymentPageView(db(), publicId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
});

/** Open Graph tags, so that a link sent in a chat shows the merchant and the amount. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = await viewOf((await params).publicId);
  const t = await getTranslations("paymentPage");
  if (!view) return { title: t("notFound.title") };
  const values = { amount: formatBrl(view.amountCents, await getLocale()), merchant: view.merchantName };
  const title = t("metaTitle", values);
  const description = t("metaDescription", values);
  return {
    title: { absolute: title },
    description,
    openGraph: { title, description, type: "website", siteName: view.merchantName },
    twitter: { card: "summary", title, description },
  };
}

export default async function PaymentPageRoute({ params }: Props) {
  const { publicId } = await params;
  try {
    await limitPageRequest(await headers());
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return <Limited />;
    throw error;
  }
  const view = await viewOf(publicId);
  if (!view) notFound();
  return (
    <PaymentPage
      publicId={view.publicId}
      status={view.status}
      merchantName={view.merchantName}
      description={view.description}
      amountCents={view.amountCents.toString()}
      due={
        view.due && {
          dueDate: view.due.dueDate,
          originalCents: view.due.originalCents.toString(),
          multaCents: view.due.multaCents.toString(),
          jurosCents: view.due.jurosCents.toString(),
          descontoCents: view.due.descontoCents.toString(),
          abatimentoCents: view.due.abatimentoCents.toString(),
        }
      }
      emv={view.emv}
      qrCode={view.emv ? await qrCodePng(view.emv) : null}
      expiresAt={view.expiresAt.toISOString()}
      accent={view.accentColor}
      logoUrl={view.logoUrl}
    />
  );
}

async function Limited() {
  const t = await getTranslations("paymentPage.limited");
  return (
    <main className="mx-auto max-w-md px-4 py-10" role="alert">
      <h1 className="text-lg font-semibold text-slate-900">{t("title")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("body")}</p>
    </main>
  );
}
