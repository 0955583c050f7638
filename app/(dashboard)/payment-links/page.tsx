import type { Metadata } from "next";
import { PaymentLinksManager } from "@/components/payment-links/payment-links-manager";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("paymentLinks");
}

export default function PaymentLinksPage() {
  return (
    <SectionPage section="paymentLinks">
      <PaymentLinksManager />
    </SectionPage>
  );
}
