"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LockIcon, LogOutIcon } from "@/components/ui/icons";
import type { Permission } from "@/server/auth/permissions";
import { OrganizationSwitcher, type ShellOrganization } from "./organization-switcher";

/** `permissions`: what the member's role allows in `organizationId` (the navigation shows only those). */
export type ShellUser = {
  name: string;
  email: string;
  role: "MERCHANT" | "ADMIN";
  permissions?: readonly Permission[];
  organizationId?: string;
  organizations?: ShellOrganization[];
};

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
}

export function UserPanel({ user }: { user: ShellUser }) {
  const t = useTranslations("user");
  const shell = useTranslations("shell");
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut({ redirect: false });
    } finally {
      // A full load drops every cached query of this user.
      window.location.assign("/login");
    }
  }

  return (
    <section aria-label={t("signedInAs")} className="shrink-0 space-y-3 border-t border-slate-200 p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-sm font-semibold text-emerald-800"
        >
          {initialsOf(user.name, user.email)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" data-testid="user-name" title={user.name}>
            {user.name}
          </p>
          <p className="truncate text-xs text-slate-500" title={user.email}>
            {user.email}
          </p>
        </div>
        {user.role === "ADMIN" ? <Badge tone="accent">{shell("adminBadge")}</Badge> : null}
      </div>
      <div className="grid gap-2">
        {user.organizationId && user.organizations ? (
          <OrganizationSwitcher current={user.organizationId} organizations={user.organizations} />
        ) : null}
        <LanguageSwitcher />
        <Link
          href="/sessions"
          className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          <LockIcon className="size-4" />
          {t("security")}
        </Link>
        <Button variant="secondary" size="compact" className="w-full" onClick={onSignOut} loading={signingOut}>
          {signingOut ? null : <LogOutIcon className="size-4" />}
          {signingOut ? t("signingOut") : t("signOut")}
        </Button>
      </div>
    </section>
  );
}
