import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { BlockedAccountsBanner } from "@/components/live/blocked-accounts";
import { LiveUpdates } from "@/components/live/live-updates";
import { StepUpProvider } from "@/components/security/step-up";
import { requireUser } from "@/server/auth/next-auth";
import { sandboxMode } from "@/server/pix/current-rail";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const t = await getTranslations("app");
  return (
    <AppShell
      variant="dashboard"
      user={{ name: user.name, email: user.email, role: user.role }}
      appName={t("name")}
      sandbox={sandboxMode()}
    >
      <StepUpProvider enrolled={user.secondFactor?.enrolled ?? false}>
        <BlockedAccountsBanner />
        {children}
        <LiveUpdates />
      </StepUpProvider>
    </AppShell>
  );
}
