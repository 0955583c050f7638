import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { ArrowLeftIcon, LockIcon } from "@/components/ui/icons";
import { Logo } from "@/components/ui/logo";

/** The 403 answer for a signed-in user outside their area. */
export async function NotAllowed() {
  const t = await getTranslations("forbidden");
  const app = await getTranslations("app");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-5 py-12" data-testid="not-allowed">
      <Logo name={app("name")} className="mb-10" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-8 ring-amber-50/60">
          <LockIcon className="size-6" />
        </div>
        <p className="mt-5 text-xs font-semibold tracking-wider text-amber-700 uppercase">{t("code")}</p>
        <h1 className="mt-1 text-xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("body")}</p>
        <ButtonLink href="/overview" className="mt-6">
          <ArrowLeftIcon className="size-4" />
          {t("back")}
        </ButtonLink>
      </div>
    </main>
  );
}
