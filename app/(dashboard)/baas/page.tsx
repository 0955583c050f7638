import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { BaasProposals } from "@/components/baas/proposals";
import { sectionMetadata } from "@/components/sections/metadata";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("baas");
}

/** The account programme: onboarding proposals (components/baas/proposals.tsx); accounts and keys join as sections. */
export default async function BaasPage() {
  const t = await getTranslations("sections.baas");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <BaasProposals />
      </Suspense>
    </div>
  );
}
