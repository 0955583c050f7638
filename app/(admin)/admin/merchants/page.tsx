import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { MerchantSearch } from "@/components/admin/merchant-search";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMerchants");
}

export default function AdminMerchantsPage() {
  return (
    <SectionPage section="adminMerchants">
      <MerchantSearch />
    </SectionPage>
  );
}
