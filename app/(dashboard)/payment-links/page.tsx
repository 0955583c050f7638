import type { Metadata } from "next";
import { PaymentLinksManager } from "@/components/payment-links/payment-links-manager";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("paymentLinks");
}

export default async function PaymentLinksPage() {
  await requirePermission("paymentLinks.read");
  return (
    <SectionPage section="paymentLinks">
      <PaymentLinksManager />
    </SectionPage>
  );
}
