import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { AcceptInvitation } from "@/components/members/accept-invitation";
import { Card } from "@/components/ui/card";
import { Logo } from "@/components/ui/logo";
import { isLocale } from "@/i18n/config";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { type InvitationPreview, previewInvitation } from "@/server/organizations/invitations";

type Search = Promise<{ token?: string; lang?: string }>;

async function translator(lang: string | undefined) {
  const locale = isLocale(lang) ? lang : await getLocale();
  return getTranslations({ locale, namespace: "members" });
}

export async function generateMetadata({ searchParams }: { searchParams: Search }): Promise<Metadata> {
  const t = await translator((await searchParams).lang);
  return { title: t("accept.submit") };
}

async function preview(token: string | undefined): Promise<InvitationPreview | null> {
  if (!token || token.length < 20 || token.length > 100) return null;
  try {
    return await previewInvitation(db(), token);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** The page an invitation e-mail links to: no sign-in; the invitee sets or proves a password. */
export default async function InvitePage({ searchParams }: { searchParams: Search }) {
  const { token, lang } = await searchParams;
  const t = await translator(lang);
  const app = await getTranslations("app");
  const invitation = await preview(token);
  return (
    <main className="flex min-h-dvh flex-col bg-slate-50 px-5 py-6 sm:px-10">
      <div className="flex items-center justify-between gap-4">
        <Logo name={app("name")} />
        <LanguageSwitcher className="w-36" />
      </div>
      <div className="flex flex-1 items-start justify-center py-10 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8" data-testid="invitation">
          {invitation && token ? (
            <AcceptInvitation token={token} invitation={{ ...invitation, role: t(`roles.${invitation.role}`) }} />
          ) : (
            <div data-testid="invitation-invalid">
              <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("accept.invalid")}</h1>
              <p className="mt-2 text-sm text-slate-600">{t("accept.invalidBody")}</p>
            </div>
          )}
        </Card>
      </div>
    </main>
  );
}
