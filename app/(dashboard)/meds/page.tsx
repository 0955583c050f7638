import type { Metadata } from "next";
import { MedsBrowser } from "@/components/meds/meds-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("meds");
}

export default async function MedsPage() {
  await requirePermission("meds.read");
  return (
    <SectionPage section="meds">
      <MedsBrowser />
    </SectionPage>
  );
}
