import type { Metadata } from "next";
import { LedgerBrowser, LedgerLoading } from "@/components/ledger/ledger-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { roleAllows } from "@/server/auth/permissions";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("ledger");
}

export default async function LedgerPage() {
  const { member } = await requirePermission("ledger.read");
  return (
    <SectionPage section="ledger" fallback={<LedgerLoading />}>
      <LedgerBrowser canSend={roleAllows(member.role, "money.send")} />
    </SectionPage>
  );
}
