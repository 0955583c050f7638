import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { RefundsBrowser } from "@/components/refunds/refunds-browser";
import { StartRefund } from "@/components/refunds/start-refund";
import { sectionMetadata } from "@/components/sections/metadata";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("refunds");
}

export default async function RefundsPage() {
  const t = await getTranslations("sections.refunds");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} actions={<StartRefund />} />
      {/* The filter and page live in the URL's search params, read on the client. */}
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <RefundsBrowser />
      </Suspense>
    </div>
  );
}
