import type { Metadata } from "next";
import { BrandingForm } from "@/components/payment-links/branding-form";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("branding");
}

export default async function BrandingPage() {
  await requirePermission("branding.manage");
  return (
    <SectionPage section="branding">
      <BrandingForm />
    </SectionPage>
  );
}
