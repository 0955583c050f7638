"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type CheckError, confirmCheck, confirmWithPasskey } from "./second-factor-client";

/**
 * The check of the second step of sign-in and of a step-up: a code (app or recovery) and a
 * passkey button, or the password for a user without a second factor (`withPassword`).
 */
export function CheckForm({
  withPassword = false,
  submitLabel,
  onConfirmed,
  extra,
}: {
  withPassword?: boolean;
  submitLabel: string;
  onConfirmed: () => void;
  extra?: React.ReactNode;
}) {
  const t = useTranslations("security");
  const id = useId();
  const [error, setError] = useState<CheckError | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(check: () => Promise<CheckError | null>) {
    setBusy(true);
    setError(null);
    const problem = await check();
    setBusy(false);
    if (problem) setError(problem);
    else onConfirmed();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("secret") ?? "");
    void run(() => confirmCheck(withPassword ? { password: value } : { code: value }));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" data-testid="check-form">
      {error ? <Alert data-testid="check-error">{t(`secondStep.${error}`)}</Alert> : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-secret`}>{withPassword ? t("stepUp.passwordLabel") : t("secondStep.codeLabel")}</Label>
        <Input
          id={`${id}-secret`}
          name="secret"
          type={withPassword ? "password" : "text"}
          autoComplete={withPassword ? "current-password" : "one-time-code"}
          required
          maxLength={withPassword ? 1024 : 32}
          autoFocus
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {submitLabel}
      </Button>
      {withPassword ? null : (
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          disabled={busy}
          onClick={() => void run(confirmWithPasskey)}
        >
          {t("secondStep.usePasskey")}
        </Button>
      )}
      {extra}
    </form>
  );
}
