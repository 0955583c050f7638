import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { AccountLimitsLookup } from "@/components/admin-limits/account-limits";
import { RaiseQueue } from "@/components/admin-limits/raise-queue";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminLimits");
}

export default function AdminLimitsPage() {
  return (
    <SectionPage section="adminLimits">
      <div className="space-y-6">
        <RaiseQueue />
        <AccountLimitsLookup />
      </div>
    </SectionPage>
  );
}
