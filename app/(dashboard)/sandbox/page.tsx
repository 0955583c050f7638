import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxPanel } from "@/components/sandbox/sandbox-panel";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { sandboxMode } from "@/server/pix/current-rail";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("sandbox");
}

/** Only while the PIX rail is the sandbox; with a connector there is nothing to simulate. */
export default function SandboxPage() {
  if (!sandboxMode()) notFound();
  return (
    <SectionPage section="sandbox">
      <SandboxPanel />
    </SectionPage>
  );
}
