import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { AuditBrowser } from "@/components/admin-audit/audit-browser";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminAudit");
}

export default async function AdminAuditPage() {
  const t = await getTranslations("sections.adminAudit");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <AuditBrowser />
      </Suspense>
    </div>
  );
}
