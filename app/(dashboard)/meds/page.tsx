import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { MedsBrowser } from "@/components/meds/meds-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("meds");
}

export default async function MedsPage() {
  const t = await getTranslations("sections.meds");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      {/* The filters and page live in the URL's search params, read on the client. */}
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <MedsBrowser />
      </Suspense>
    </div>
  );
}
