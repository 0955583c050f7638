import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Card } from "@/components/ui/card";
import { Logo } from "@/components/ui/logo";

/** A page reached without signing in (e-mail links, forgotten password): the logo, the language, one card. */
export async function AuthCardPage({ testId, children }: { testId: string; children: ReactNode }) {
  const app = await getTranslations("app");
  return (
    <main className="flex min-h-dvh flex-col bg-slate-50 px-5 py-6 sm:px-10">
      <div className="flex items-center justify-between gap-4">
        <Logo name={app("name")} />
        <LanguageSwitcher className="w-36" />
      </div>
      <div className="flex flex-1 items-start justify-center py-10 sm:items-center">
        <Card className="w-full max-w-md space-y-6 p-6 sm:p-8" data-testid={testId}>
          {children}
        </Card>
      </div>
    </main>
  );
}
