import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { NetworkStatusView } from "@/components/admin-network/network-status";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminNetwork");
}

export default function AdminNetworkPage() {
  return (
    <SectionPage section="adminNetwork">
      <NetworkStatusView />
    </SectionPage>
  );
}
