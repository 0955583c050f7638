import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ProgrammeAccounts } from "@/components/baas/programme-accounts";
import { BaasProposals } from "@/components/baas/proposals";
import { sectionMetadata } from "@/components/sections/metadata";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("baas");
}

/** "Programa de contas": the programme's proposals (onboarding) and its accounts, each its own section. */
export default async function BaasPage() {
  await requirePermission("programme.read");
  const t = await getTranslations("sections.baas");
  return (
    <div className="space-y-8 sm:space-y-10">
      <PageHeader title={t("title")} description={t("description")} />
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <BaasProposals />
      </Suspense>
      <ProgrammeAccounts />
    </div>
  );
}
