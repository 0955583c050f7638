import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { adminSectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

export default function AdminOnboardingPage() {
  return <ComingSoonSection section="adminOnboarding" area="admin" />;
}
