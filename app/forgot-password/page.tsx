import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCardPage } from "@/components/layout/auth-card-page";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { askForReset } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("security.forgot");
  return { title: t("metaTitle") };
}

/** Asks for a reset link by e-mail; a plain form, works without script. */
export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<{ sent?: string }> }) {
  const { sent } = await searchParams;
  const t = await getTranslations("security.forgot");
  return (
    <AuthCardPage testId="forgot-password">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{sent ? t("sent") : t("body")}</p>
      </div>
      {sent ? null : (
        <form action={askForReset} className="space-y-4">
          <Field id="forgot-email" label={t("email")}>
            <Input id="forgot-email" name="email" type="email" autoComplete="username" required maxLength={254} />
          </Field>
          <Button type="submit" className="w-full">
            {t("submit")}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link href="/login" className="font-medium text-emerald-700 hover:underline">
          {t("back")}
        </Link>
      </p>
    </AuthCardPage>
  );
}
