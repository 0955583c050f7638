"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button";
import { FileTextIcon } from "@/components/ui/icons";
import type { EntryView } from "@/server/trpc/routers/ledger";

/** Where a PIX entry's receipt lives: `kind` "pdf" downloads it, "page" shows it to print. */
export function receiptHref(entry: Pick<EntryView, "id" | "accountId">, kind: "pdf" | "page"): string {
  const id = encodeURIComponent(entry.id);
  const query = `?account=${encodeURIComponent(entry.accountId)}`;
  return kind === "pdf" ? `/api/ledger/${id}/receipt${query}` : `/ledger/${id}/receipt${query}`;
}

/** The receipt's download and printable page, on a settled PIX entry's detail (only those have one). */
export function ReceiptActions({ entry }: { entry: EntryView }) {
  const t = useTranslations("reconciliation.receipt");
  if (!entry.endToEndId || entry.status !== "succeeded") return null;
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-100 px-5 py-4 sm:px-6" data-testid="receipt-actions">
      <a
        href={receiptHref(entry, "pdf")}
        download
        className={buttonClasses({ variant: "secondary", size: "sm" })}
        data-testid="receipt-download"
      >
        <FileTextIcon className="size-4" />
        {t("download")}
      </a>
      <Link
        href={receiptHref(entry, "page")}
        className={buttonClasses({ variant: "ghost", size: "sm" })}
        data-testid="receipt-open"
      >
        {t("open")}
      </Link>
    </div>
  );
}
