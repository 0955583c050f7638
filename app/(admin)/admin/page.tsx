import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { AdminOverview } from "@/components/admin/overview";
import { PageHeader } from "@/components/ui/page-header";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("admin");
}

export default async function AdminPage() {
  const t = await getTranslations("sections.admin");
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <AdminOverview />
    </div>
  );
}
