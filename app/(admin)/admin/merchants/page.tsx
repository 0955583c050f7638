import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { MerchantSearch } from "@/components/admin/merchant-search";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMerchants");
}

export default async function AdminMerchantsPage() {
  const t = await getTranslations("sections.adminMerchants");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      {/* The search and page live in the URL's search params, read on the client. */}
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <MerchantSearch />
      </Suspense>
    </div>
  );
}
