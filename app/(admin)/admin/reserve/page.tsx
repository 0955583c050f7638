import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { ReserveReport } from "@/components/admin-reserve/reserve-report";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminReserve");
}

export default function AdminReservePage() {
  return (
    <SectionPage section="adminReserve">
      <ReserveReport />
    </SectionPage>
  );
}
