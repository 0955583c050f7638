import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaticQrList } from "@/components/charges/static-qr-list";
import { BackButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("staticQr");
  return { title: t("title") };
}

export default async function StaticQrPage() {
  await requirePermission("charges.read");
  const t = await getTranslations("staticQr");
  return (
    <div className="space-y-6 sm:space-y-8">
      <BackButtonLink href="/charges">{t("back")}</BackButtonLink>
      <PageHeader title={t("title")} description={t("description")} />
      <StaticQrList />
    </div>
  );
}
