"use client";

import { getCsrfToken } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Select } from "@/components/ui/fields";

export type ShellOrganization = { id: string; name: string };

/**
 * The organisations the person belongs to; choosing one updates the session's organisation
 * (next-auth's session update, checked against the memberships on the server) and reloads.
 */
export function OrganizationSwitcher({
  current,
  organizations,
}: {
  current: string;
  organizations: ShellOrganization[];
}) {
  const t = useTranslations("user");
  const id = useId();
  const [busy, setBusy] = useState(false);
  if (organizations.length < 2) return null;

  async function onChange(organizationId: string) {
    setBusy(true);
    const csrfToken = await getCsrfToken();
    await fetch("/api/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { organizationId } }),
    });
    // A full load drops every cached query of the previous organisation.
    window.location.assign("/overview");
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {t("organization")}
      </label>
      <Select
        id={id}
        value={current}
        disabled={busy}
        onChange={(e) => onChange(e.target.value)}
        data-testid="organization-switcher"
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
