import type { Metadata } from "next";
import { LedgerBrowser, LedgerLoading } from "@/components/ledger/ledger-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("ledger");
}

export default function LedgerPage() {
  return (
    <SectionPage section="ledger" fallback={<LedgerLoading />}>
      <LedgerBrowser />
    </SectionPage>
  );
}
