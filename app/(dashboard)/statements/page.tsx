import type { Metadata } from "next";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { StatementForm } from "@/components/statements/statement-form";
import { StatementList } from "@/components/statements/statement-list";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("statements");
}

export default async function StatementsPage() {
  await requirePermission("statements.read");
  return (
    <SectionPage section="statements">
      <StatementForm />
      <StatementList />
    </SectionPage>
  );
}
