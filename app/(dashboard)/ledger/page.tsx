import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("ledger");
}

export default function LedgerPage() {
  return <ComingSoonSection section="ledger" />;
}
