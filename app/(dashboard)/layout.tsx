import type { ReactNode } from "react";
import { MerchantShell } from "@/app/merchant-shell";
import { PermissionsProvider } from "@/components/layout/permissions";
import { BlockedAccountsBanner } from "@/components/live/blocked-accounts";
import { LiveUpdates } from "@/components/live/live-updates";
import { PERMISSIONS, type Permission, roleAllows } from "@/server/auth/permissions";
import { currentMember } from "@/server/auth/tenant";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, member } = await currentMember();
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => roleAllows(member?.role, p));
  return (
    <MerchantShell user={user} member={member} permissions={permissions}>
      <PermissionsProvider permissions={permissions}>
        {member ? <BlockedAccountsBanner /> : null}
        {children}
        {member ? <LiveUpdates /> : null}
      </PermissionsProvider>
    </MerchantShell>
  );
}
