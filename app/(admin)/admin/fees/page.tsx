import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { PriceListPanel } from "@/components/admin-fees/price-list-panel";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminFees");
}

export default function AdminFeesPage() {
  return (
    <SectionPage section="adminFees">
      <PriceListPanel accountId={null} />
    </SectionPage>
  );
}
