import { forbidden } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { requireAdmin } from "@/server/auth/next-auth";

/** Administrators only: anyone else signed in gets the "not allowed" page with status 403. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { allowed, user } = await requireAdmin();
  if (!allowed) forbidden();
  const t = await getTranslations("app");
  return (
    <AppShell variant="admin" user={{ name: user.name, email: user.email, role: user.role }} appName={t("name")}>
      {children}
    </AppShell>
  );
}
