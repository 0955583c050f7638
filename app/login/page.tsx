import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { SecondStep } from "@/components/security/second-step";
import { CheckIcon, LockIcon } from "@/components/ui/icons";
import { Logo } from "@/components/ui/logo";
import { getSession, homePathOf, secondStepPending } from "@/server/auth/next-auth";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("metaTitle") };
}

const POINTS = ["instant", "control", "api"] as const;

export default async function LoginPage() {
  const session = await getSession();
  if (session) redirect(homePathOf(session.user));
  const t = await getTranslations("login");
  const app = await getTranslations("app");
  const pending = await secondStepPending();

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-emerald-900 text-emerald-50 lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_40rem_at_-10%_-10%,rgb(16_185_129/0.35),transparent_60%),radial-gradient(40rem_30rem_at_110%_110%,rgb(20_184_166/0.3),transparent_60%)]"
        />
        <Logo name={app("name")} inverted className="relative" />
        <div className="relative max-w-md">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight text-white">{t("hero.title")}</h2>
          <p className="mt-4 text-base text-emerald-100/90">{t("hero.body")}</p>
          <ul className="mt-8 space-y-3">
            {POINTS.map((point) => (
              <li key={point} className="flex items-start gap-3 text-sm text-emerald-50">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-500/25 text-emerald-200">
                  <CheckIcon className="size-3.5" />
                </span>
                {t(`hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-emerald-200/70">
          © {new Date().getFullYear()} {app("name")}
        </p>
      </aside>

      <main className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between gap-4 lg:justify-end">
          <Logo name={app("name")} className="lg:hidden" />
          <LanguageSwitcher className="w-36" />
        </div>
        <div className="flex flex-1 items-start justify-center py-10 sm:items-center">
          <div className="w-full max-w-sm">
            {pending ? (
              <SecondStep />
            ) : (
              <>
                <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
                <p className="mt-1.5 text-sm text-slate-600">{t("subtitle")}</p>
                <div className="mt-8">
                  <LoginForm />
                </div>
              </>
            )}
            <p className="mt-8 flex items-start gap-2 text-xs text-slate-500">
              <LockIcon className="mt-px size-3.5 shrink-0" />
              {t("secure")}
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
