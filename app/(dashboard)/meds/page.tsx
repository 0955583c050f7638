import type { Metadata } from "next";
import { MedsBrowser } from "@/components/meds/meds-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("meds");
}

export default function MedsPage() {
  return (
    <SectionPage section="meds">
      <MedsBrowser />
    </SectionPage>
  );
}
