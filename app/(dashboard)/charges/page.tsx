import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("charges");
}

export default function ChargesPage() {
  return <ComingSoonSection section="charges" />;
}
