import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCardPage } from "@/components/layout/auth-card-page";
import { NewPasswordFields } from "@/components/security/new-password-fields";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { chooseNewPassword } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("security.reset");
  return { title: t("metaTitle") };
}

const RESULTS = ["done", "invalid", "expired"] as const;
const ERRORS = ["mismatch", "tooShort"] as const;

type Search = Promise<{ token?: string; result?: string; error?: string }>;

/** The page the reset e-mail links to: a new password, twice. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const { token, result, error } = await searchParams;
  const t = await getTranslations("security.reset");
  const password = await getTranslations("security.password");
  const outcome = RESULTS.find((r) => r === result) ?? (token ? null : "invalid");
  const refusal = ERRORS.find((e) => e === error);

  if (outcome) {
    return (
      <AuthCardPage testId="reset-password">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
        <p role="status" className="text-sm text-slate-700" data-testid={`reset-password-${outcome}`}>
          {t(`results.${outcome}`)}
        </p>
        <ButtonLink href={outcome === "done" ? "/login" : "/forgot-password"} className="w-full">
          {outcome === "done" ? t("signIn") : t("askAgain")}
        </ButtonLink>
      </AuthCardPage>
    );
  }

  return (
    <AuthCardPage testId="reset-password">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("body")}</p>
      </div>
      {refusal ? <Alert>{password(refusal)}</Alert> : null}
      <form action={chooseNewPassword} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          idPrefix="reset"
          labels={{ new: password("new"), newHint: password("newHint"), confirm: password("confirm") }}
        />
        <Button type="submit" className="w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCardPage>
  );
}
