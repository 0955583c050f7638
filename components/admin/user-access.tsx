"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/fields";
import { SecretDialog, SecretPanel } from "@/components/ui/secret-panel";
import { DASHBOARD_ROLES, type DashboardRole } from "@/server/users/access-schema";

/**
 * The user's access to the dashboard: another role, or a new password shown once. Either ends
 * every session the user has (server/users/access.ts).
 */
export function UserAccessCard({
  userId,
  userRole,
  onNotice,
}: {
  userId: string;
  userRole: DashboardRole;
  onNotice: (message: string) => void;
}) {
  const t = useTranslations("adminMerchants.access");
  const [open, setOpen] = useState<"role" | "password" | null>(null);
  // kept here: a merchant made administrator is no longer on the merchants' list to refetch
  const [current, setCurrent] = useState(userRole);
  return (
    <Card aria-labelledby="merchant-access" className="p-5 sm:p-6" data-testid="user-access">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="merchant-access" className="text-sm font-semibold text-slate-900">
            {t("title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("role", { role: t(`roles.${current}`) })}</p>
          <p className="mt-1 text-xs text-slate-500">{t("hint")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen("role")} data-testid="change-role">
            {t("changeRole")}
          </Button>
          <Button variant="secondary" onClick={() => setOpen("password")} data-testid="reset-password">
            {t("resetPassword")}
          </Button>
        </div>
      </div>
      {open === "role" ? (
        <RoleDialog
          userId={userId}
          current={current}
          onClose={() => setOpen(null)}
          onDone={(changed) => {
            setCurrent(changed);
            onNotice(t("roleChanged", { role: t(`roles.${changed}`) }));
          }}
        />
      ) : null}
      {open === "password" ? <PasswordDialog userId={userId} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}

function RoleDialog({
  userId,
  current,
  onClose,
  onDone,
}: {
  userId: string;
  current: DashboardRole;
  onClose: () => void;
  onDone: (role: DashboardRole) => void;
}) {
  const t = useTranslations("adminMerchants.access");
  const trpc = useTRPC();
  const id = useId();
  const [role, setRole] = useState<DashboardRole>(current === "ADMIN" ? "MERCHANT" : "ADMIN");
  const change = useMutation(
    trpc.adminMerchants.changeRole.mutationOptions({
      onSuccess: (result) => {
        onClose();
        onDone(result.role);
      },
    }),
  );
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() => change.mutate({ userId, role })}
      title={t("roleTitle")}
      confirmLabel={t("confirmRole")}
      mutation={change}
      tone="primary"
      testId="role"
    >
      <p className="text-sm text-slate-600">{t("roleBody")}</p>
      <div className="space-y-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t("newRole")}
        </label>
        <Select id={id} value={role} onChange={(event) => setRole(event.target.value as DashboardRole)}>
          {DASHBOARD_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`roles.${option}`)}
            </option>
          ))}
        </Select>
      </div>
    </ConfirmDialog>
  );
}

function PasswordDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useTranslations("adminMerchants.access");
  const trpc = useTRPC();
  const explain = useServiceError();
  const reset = useMutation(trpc.adminMerchants.resetPassword.mutationOptions());
  const password = reset.data?.password ?? null;
  return (
    <SecretDialog
      open
      onClose={onClose}
      secretShown={password !== null}
      title={password ? t("passwordShownTitle") : t("passwordTitle")}
      description={t("passwordBody")}
      testId="password-dialog"
    >
      {password ? (
        <SecretPanel
          warningTitle={t("passwordWarningTitle")}
          warningBody={t("passwordWarningBody")}
          intro={t("passwordIntro")}
          fields={[{ label: t("passwordLabel"), value: password, testId: "new-password" }]}
          copyLabel={(label) => t("copy", { label })}
          copyShort={t("copyShort")}
          doneLabel={t("done")}
          onDone={onClose}
        />
      ) : (
        <div className="space-y-4">
          {reset.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {explain(reset.error).message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button
              variant="danger"
              loading={reset.isPending}
              onClick={() => reset.mutate({ userId })}
              data-testid="password-confirm"
            >
              {t("confirmPassword")}
            </Button>
          </div>
        </div>
      )}
    </SecretDialog>
  );
}
