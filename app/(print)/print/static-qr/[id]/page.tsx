import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PrintButton } from "@/components/charges/print-button";
import { ButtonLink } from "@/components/ui/button";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { requirePermission } from "@/server/auth/tenant";
import { qrCodeSvg } from "@/server/charges/qr-image";
import { getStaticQr } from "@/server/charges/static-qr";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { formatBrl } from "@/server/money";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("staticQr.print");
  return { title: t("metaTitle") };
}

async function ownCode(userId: string, id: string) {
  try {
    return await getStaticQr(db(), userId, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

/** The counter sign: a large QR code, who is paid, the amount or "open amount", the key. */
export default async function PrintStaticQrPage({ params }: { params: Promise<{ id: string }> }) {
  const { tenantId } = await requirePermission("charges.read");
  const { id } = await params;
  const code = await ownCode(tenantId, id);
  const t = await getTranslations("staticQr.print");
  const svg = await qrCodeSvg(code.emv);
  const locale = await getLocale();
  return (
    <main
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-8 text-center print:py-0"
      data-testid="static-qr-printable"
    >
      <div className="mb-8 flex w-full items-center justify-between gap-3 print:hidden">
        <ButtonLink href="/charges/static" variant="ghost" size="sm">
          <ArrowLeftIcon className="size-4" />
          {t("back")}
        </ButtonLink>
        <PrintButton label={t("print")} />
      </div>
      <p className="text-sm font-semibold tracking-widest text-emerald-700 uppercase">{t("payWithPix")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900" data-testid="print-merchant">
        {code.merchantName}
      </h1>
      <div
        className="mt-6 w-full max-w-md [&>svg]:h-auto [&>svg]:w-full"
        role="img"
        aria-label={t("qrAlt", { name: code.merchantName })}
        data-testid="print-qr"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own EMV
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="mt-6 text-4xl font-bold text-slate-900 tabular-nums" data-testid="print-amount">
        {code.amountCents === null ? t("openAmount") : formatBrl(code.amountCents, locale)}
      </p>
      {code.description ? <p className="mt-2 text-lg text-slate-700">{code.description}</p> : null}
      <dl className="mt-6 space-y-1 text-base text-slate-700">
        <div>
          <dt className="inline font-medium">{t("key")}: </dt>
          <dd className="inline break-all" data-testid="print-key">
            {code.pixKey}
          </dd>
        </div>
        <div className="text-sm text-slate-500">{code.label}</div>
      </dl>
      <p className="mt-8 max-w-sm text-sm text-slate-500">{t("howTo")}</p>
    </main>
  );
}
