import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { MedQueue } from "@/components/admin-meds/med-queue";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMeds");
}

export default function AdminMedsPage() {
  return (
    <SectionPage section="adminMeds">
      <MedQueue />
    </SectionPage>
  );
}
