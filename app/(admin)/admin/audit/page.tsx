import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { AuditBrowser } from "@/components/admin-audit/audit-browser";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminAudit");
}

export default function AdminAuditPage() {
  return (
    <SectionPage section="adminAudit">
      <AuditBrowser />
    </SectionPage>
  );
}
