import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("refunds");
}

export default function RefundsPage() {
  return <ComingSoonSection section="refunds" />;
}
