import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { OnboardingQueue } from "@/components/admin-onboarding/queue";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

export default async function AdminOnboardingPage() {
  const t = await getTranslations("sections.adminOnboarding");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <OnboardingQueue />
      </Suspense>
    </div>
  );
}
