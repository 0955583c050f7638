import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { StepUpProvider } from "@/components/security/step-up";
import { requireSignedIn } from "@/server/auth/next-auth";
import { memberOfSession } from "@/server/auth/tenant";
import { db } from "@/server/db/client";
import { organizationsOf } from "@/server/organizations/members";
import { sandboxMode } from "@/server/pix/current-rail";

/**
 * The security page has its own layout: it is the one page open to a user who must still enrol a
 * second factor (every other layout sends them here), the organisation switcher included.
 */
export default async function SecurityLayout({ children }: { children: ReactNode }) {
  const user = await requireSignedIn();
  const t = await getTranslations("app");
  // The switcher stays: a member held here by one organisation's requirement may act in another.
  const [member, memberships] = await Promise.all([memberOfSession(user), organizationsOf(db(), user.id)]);
  const organizations = memberships.map((o) => ({ id: o.organizationId, name: o.organizationName }));
  return (
    <AppShell
      variant="dashboard"
      user={{
        name: user.name,
        email: user.email,
        role: user.role,
        organizationId: member?.organizationId,
        organizations,
      }}
      appName={t("name")}
      sandbox={sandboxMode()}
    >
      <StepUpProvider enrolled={user.secondFactor?.enrolled ?? false}>{children}</StepUpProvider>
    </AppShell>
  );
}
