import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxPanel } from "@/components/sandbox/sandbox-panel";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";
import { sandboxMode } from "@/server/pix/current-rail";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("sandbox");
}

/** Only while the PIX rail is the sandbox; with a connector there is nothing to simulate. */
export default async function SandboxPage() {
  await requirePermission("sandbox.use");
  if (!sandboxMode()) notFound();
  return (
    <SectionPage section="sandbox">
      <SandboxPanel />
    </SectionPage>
  );
}
