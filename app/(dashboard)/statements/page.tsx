import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { sectionMetadata } from "@/components/sections/metadata";
import { StatementForm } from "@/components/statements/statement-form";
import { StatementList } from "@/components/statements/statement-list";
import { PageHeader } from "@/components/ui/page-header";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("statements");
}

export default async function StatementsPage() {
  const t = await getTranslations("sections.statements");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <StatementForm />
      <StatementList />
    </div>
  );
}
