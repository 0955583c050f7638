import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AuthCardPage } from "@/components/layout/auth-card-page";
import { Button } from "@/components/ui/button";
import { AlertCircleIcon, CheckIcon, ClockIcon } from "@/components/ui/icons";
import { isLocale } from "@/i18n/config";
import { confirmEmail } from "./actions";

type Search = Promise<{ token?: string; result?: string; lang?: string }>;

const RESULTS = ["verified", "already-verified", "expired", "invalid"] as const;
type Result = (typeof RESULTS)[number];

async function translator(lang: string | undefined) {
  const locale = isLocale(lang) ? lang : await getLocale();
  return getTranslations({ locale, namespace: "onboardingVerify" });
}

export async function generateMetadata({ searchParams }: { searchParams: Search }): Promise<Metadata> {
  const t = await translator((await searchParams).lang);
  return { title: t("metaTitle") };
}

/** The page the verification e-mail links to: no sign-in; one button confirms the address. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Search }) {
  const { token, result, lang } = await searchParams;
  const t = await translator(lang);
  const outcome = RESULTS.find((r) => r === result);

  return (
    <AuthCardPage testId="verify-email">
      {outcome ? (
        <Outcome result={outcome} t={t} />
      ) : token ? (
        <form action={confirmEmail} className="space-y-6">
          <div>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
            <p className="mt-2 text-sm text-slate-600">{t("body")}</p>
          </div>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="lang" value={lang ?? ""} />
          <Button type="submit" className="w-full" data-testid="verify-email-confirm">
            {t("confirm")}
          </Button>
        </form>
      ) : (
        <Outcome result="invalid" t={t} />
      )}
    </AuthCardPage>
  );
}

function Outcome({ result, t }: { result: Result; t: Awaited<ReturnType<typeof translator>> }) {
  const ok = result === "verified" || result === "already-verified";
  const Icon = ok ? CheckIcon : result === "expired" ? ClockIcon : AlertCircleIcon;
  return (
    <div className="space-y-3" data-testid={`verify-email-${result}`} role="status">
      <span
        className={
          ok
            ? "flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-700"
            : "flex size-10 items-center justify-center rounded-full bg-amber-50 text-amber-700"
        }
      >
        <Icon className="size-5" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t(`results.${result}.title`)}</h1>
      <p className="text-sm text-slate-600">{t(`results.${result}.body`)}</p>
    </div>
  );
}
