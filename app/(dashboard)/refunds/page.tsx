import type { Metadata } from "next";
import { Can } from "@/components/layout/permissions";
import { RefundsBrowser } from "@/components/refunds/refunds-browser";
import { StartRefund } from "@/components/refunds/start-refund";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("refunds");
}

export default async function RefundsPage() {
  await requirePermission("refunds.read");
  return (
    <SectionPage
      section="refunds"
      actions={
        <Can permission="refunds.send">
          <StartRefund />
        </Can>
      }
    >
      <RefundsBrowser />
    </SectionPage>
  );
}
