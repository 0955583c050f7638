"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type LoginErrorKey, loginErrorKey } from "./login-errors";

/** `/` sends each user to their start page (server-side, by role). */
const AFTER_LOGIN = "/";
/**
 * Where the form would go if a browser submitted it itself (no script yet, or none at all): a
 * POST, so the password travels in the body, never in a URL; without next-auth's CSRF token the
 * endpoint signs no one in and sends the browser back to /login. The button waits for the script.
 */
const NATIVE_ACTION = "/api/auth/callback/credentials";

export function LoginForm() {
  const t = useTranslations("login");
  const router = useRouter();
  const [error, setError] = useState<LoginErrorKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const id = useId();
  const errorId = `${id}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    try {
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      const problem = result?.ok ? null : (loginErrorKey(result?.error) ?? "generic");
      if (problem) {
        setError(problem);
        setSubmitting(false);
        return;
      }
      router.replace(AFTER_LOGIN);
      router.refresh();
    } catch {
      setError("generic");
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action={NATIVE_ACTION}
      onSubmit={onSubmit}
      className="space-y-5"
      aria-describedby={error ? errorId : undefined}
    >
      <noscript>
        <Alert tone="warning">{t("needsScript")}</Alert>
      </noscript>
      {error ? (
        <Alert id={errorId} data-testid="login-error">
          {t(`errors.${error}`)}
        </Alert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-email`}>{t("email")}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={t("emailPlaceholder")}
          aria-invalid={error === "invalid" || undefined}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>{t("password")}</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error === "invalid" || undefined}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" loading={submitting} disabled={!hydrated}>
        {submitting ? t("submitting") : t("submit")}
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="font-medium text-emerald-700 hover:underline">
          {t("forgot")}
        </Link>
      </p>
    </form>
  );
}
