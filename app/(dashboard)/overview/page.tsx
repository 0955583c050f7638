import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OverviewAnalytics } from "@/components/analytics/overview-analytics";
import { BalanceOverview } from "@/components/balance/balance-card";
import { RecentActivity } from "@/components/balance/recent-activity";
import { sectionMetadata } from "@/components/sections/metadata";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("overview");
}

export default async function OverviewPage() {
  await requirePermission("overview.read");
  const t = await getTranslations("sections.overview");
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <BalanceOverview />
      <OverviewAnalytics />
      <RecentActivity />
    </div>
  );
}
