import type { Metadata } from "next";
import { BrandingForm } from "@/components/payment-links/branding-form";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("branding");
}

export default function BrandingPage() {
  return (
    <SectionPage section="branding">
      <BrandingForm />
    </SectionPage>
  );
}
