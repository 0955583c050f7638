import type { Metadata } from "next";
import { OnboardingQueue } from "@/components/admin-onboarding/queue";
import { adminSectionMetadata } from "@/components/sections/metadata";
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
