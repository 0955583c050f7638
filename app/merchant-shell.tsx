import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { StepUpProvider } from "@/components/security/step-up";
import type { SessionUser } from "@/server/auth/next-auth";
import type { Permission } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { organizationsOf } from "@/server/organizations/members";
import { sandboxMode } from "@/server/pix/current-rail";

/**
 * The merchant's frame (the dashboard's layout and the security page's): the navigation for the
 * user's permissions, the switcher of the organisations they belong to, the sandbox's mark, and
 * the step-up check any action inside may ask for.
 */
export async function MerchantShell({
  user,
  member,
  permissions,
  children,
}: {
  user: SessionUser;
  /** The membership the session acts in (read beside the organisations when a promise). */
  member: Promise<{ organizationId: string } | null> | { organizationId: string } | null;
  permissions?: Permission[];
  children: ReactNode;
}) {
  const t = await getTranslations("app");
  const [membership, memberships] = await Promise.all([member, organizationsOf(db(), user.id)]);
  const organizations = memberships.map((o) => ({ id: o.organizationId, name: o.organizationName }));
  return (
    <AppShell
      variant="dashboard"
      user={{
        name: user.name,
        email: user.email,
        role: user.role,
        permissions,
        organizationId: membership?.organizationId,
        organizations,
      }}
      appName={t("name")}
      sandbox={sandboxMode()}
    >
      <StepUpProvider enrolled={user.secondFactor?.enrolled ?? false}>{children}</StepUpProvider>
    </AppShell>
  );
}
