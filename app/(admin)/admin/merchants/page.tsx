import type { Metadata } from "next";
import { MerchantSearch } from "@/components/admin/merchant-search";
import { adminSectionMetadata } from "@/components/sections/metadata";
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
