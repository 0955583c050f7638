import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NewDueDateCharge } from "@/components/due-date/new-due-date-charge";
import { BackLink } from "@/components/ui/detail-list";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dueDateCharges.form");
  return { title: t("metaTitle") };
}

export default async function NewDueDateChargePage() {
  await requirePermission("charges.write");
  const t = await getTranslations("dueDateCharges.form");
  return (
    <div className="space-y-6">
      <BackLink href="/charges/due-date">{t("back")}</BackLink>
      <PageHeader title={t("title")} description={t("description")} />
      <NewDueDateCharge />
    </div>
  );
}
