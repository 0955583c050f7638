import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { FlaggedCompanies } from "@/components/admin-kyb/flagged";
import { KybLists } from "@/components/admin-kyb/lists";
import { BackButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { MAX_LIST_BYTES } from "@/server/kyb/lists";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

/** The screening lists (versions, history, upload) and the accounts a re-screening flagged. */
export default async function AdminKybPage() {
  const t = await getTranslations("adminOnboarding.kyb.page");
  return (
    <div className="space-y-6 sm:space-y-8" data-testid="kyb-page">
      <BackButtonLink href="/admin/onboarding">{t("back")}</BackButtonLink>
      <PageHeader title={t("title")} description={t("description")} />
      <FlaggedCompanies />
      <KybLists maxMegabytes={MAX_LIST_BYTES / 1_048_576} />
    </div>
  );
}
