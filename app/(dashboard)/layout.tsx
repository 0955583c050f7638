import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { PermissionsProvider } from "@/components/layout/permissions";
import { BlockedAccountsBanner } from "@/components/live/blocked-accounts";
import { LiveUpdates } from "@/components/live/live-updates";
import { StepUpProvider } from "@/components/security/step-up";
import { PERMISSIONS, type Permission, roleAllows } from "@/server/auth/permissions";
import { currentMember } from "@/server/auth/tenant";
import { db } from "@/server/db/client";
import { organizationsOf } from "@/server/organizations/members";
import { sandboxMode } from "@/server/pix/current-rail";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, member } = await currentMember();
  const t = await getTranslations("app");
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => roleAllows(member?.role, p));
  const organizations = (await organizationsOf(db(), user.id)).map((o) => ({
    id: o.organizationId,
    name: o.organizationName,
  }));
  return (
    <AppShell
      variant="dashboard"
      user={{
        name: user.name,
        email: user.email,
        role: user.role,
        permissions,
        organizationId: member?.organizationId,
        organizations,
      }}
      appName={t("name")}
      sandbox={sandboxMode()}
    >
      <PermissionsProvider permissions={permissions}>
        <StepUpProvider enrolled={user.secondFactor?.enrolled ?? false}>
          {member ? <BlockedAccountsBanner /> : null}
          {children}
          {member ? <LiveUpdates /> : null}
        </StepUpProvider>
      </PermissionsProvider>
    </AppShell>
  );
}
