import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NewRecurrence } from "@/components/recurrences/new-recurrence";
import { BackLink } from "@/components/ui/detail-list";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("recurrences.form");
  return { title: t("metaTitle") };
}

export default async function NewRecurrencePage() {
  await requirePermission("charges.write");
  const t = await getTranslations("recurrences.form");
  return (
    <div className="space-y-6">
      <BackLink href="/recurrences">{t("back")}</BackLink>
      <PageHeader title={t("title")} description={t("description")} />
      <NewRecurrence />
    </div>
  );
}
