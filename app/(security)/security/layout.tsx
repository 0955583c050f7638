import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { StepUpProvider } from "@/components/security/step-up";
import { requireSignedIn } from "@/server/auth/next-auth";
import { sandboxMode } from "@/server/pix/current-rail";

/**
 * The security page has its own layout: it is the one page open to a user who must still enrol a
 * second factor (every other layout sends them here).
 */
export default async function SecurityLayout({ children }: { children: ReactNode }) {
  const user = await requireSignedIn();
  const t = await getTranslations("app");
  return (
    <AppShell
      variant="dashboard"
      user={{ name: user.name, email: user.email, role: user.role }}
      appName={t("name")}
      sandbox={sandboxMode()}
    >
      <StepUpProvider enrolled={user.secondFactor?.enrolled ?? false}>{children}</StepUpProvider>
    </AppShell>
  );
}
