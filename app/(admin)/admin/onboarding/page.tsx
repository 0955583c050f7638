import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { OnboardingQueue } from "@/components/admin-onboarding/queue";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

export default function AdminOnboardingPage() {
  return (
    <SectionPage section="adminOnboarding">
      <OnboardingQueue />
    </SectionPage>
  );
}
