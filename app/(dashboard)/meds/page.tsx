import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("meds");
}

export default function MedsPage() {
  return <ComingSoonSection section="meds" />;
}
