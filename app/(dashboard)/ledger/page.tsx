import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { LedgerBrowser, LedgerLoading } from "@/components/ledger/ledger-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { PageHeader } from "@/components/ui/page-header";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("ledger");
}

export default async function LedgerPage() {
  const t = await getTranslations("sections.ledger");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      {/* The filters live in the URL's search params, read on the client. */}
      <Suspense fallback={<LedgerLoading />}>
        <LedgerBrowser />
      </Suspense>
    </div>
  );
}
