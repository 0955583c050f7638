import type { Metadata } from "next";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { DeviceSessions } from "@/components/security/device-sessions";
import { PasswordChange } from "@/components/security/password-change";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("sessions");
}

/** "Sessões": the signed-in devices and the password (docs/decisions/0045-sign-in-hygiene.md). */
export default function SessionsPage() {
  return (
    <SectionPage section="sessions">
      <div className="space-y-6">
        <DeviceSessions />
        <PasswordChange />
      </div>
    </SectionPage>
  );
}
