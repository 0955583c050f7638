import type { Metadata } from "next";
import { FeesOverview } from "@/components/fees/fees-overview";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("fees");
}

export default async function FeesPage() {
  await requirePermission("ledger.read");
  return (
    <SectionPage section="fees">
      <FeesOverview />
    </SectionPage>
  );
}
