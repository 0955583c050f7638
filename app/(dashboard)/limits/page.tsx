import type { Metadata } from "next";
import { LimitsOverview } from "@/components/limits/limits-overview";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("limits");
}

export default async function LimitsPage() {
  await requirePermission("ledger.read");
  return (
    <SectionPage section="limits">
      <LimitsOverview />
    </SectionPage>
  );
}
