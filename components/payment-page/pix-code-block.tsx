"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CopyTextButton } from "@/components/ui/copy-button";

/** The payer's pages' QR code, what to do with it, and the copy-and-paste code with its copy button. */
export function PixCodeBlock(props: {
  emv: string;
  qrCode: string | null;
  qrAlt: string;
  scan: string;
  children?: ReactNode;
}) {
  const t = useTranslations("paymentPage");
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {props.qrCode ? (
        // biome-ignore lint/performance/noImgElement: a data URL drawn by the server
        <img
          src={props.qrCode}
          alt={props.qrAlt}
          className="mx-auto aspect-square w-full max-w-64"
          data-testid="page-qr"
        />
      ) : null}
      <p className="text-sm text-slate-700">{props.scan}</p>
      <div>
        <label htmlFor="pix-code" className="text-sm font-medium text-slate-800">
          {t("code")}
        </label>
        <div className="mt-1 space-y-2">
          <textarea
            id="pix-code"
            readOnly
            value={props.emv}
            rows={3}
            className="block w-full resize-none rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all text-slate-800"
            data-testid="page-code"
          />
          <CopyTextButton value={props.emv} className="h-11 w-full" data-testid="page-copy">
            {t("copyCode")}
          </CopyTextButton>
        </div>
      </div>
      {props.children}
    </section>
  );
}
