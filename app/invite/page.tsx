import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AuthCardPage } from "@/components/layout/auth-card-page";
import { AcceptInvitation } from "@/components/members/accept-invitation";
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
  const invitation = await preview(token);
  return (
    <AuthCardPage testId="invitation">
      {invitation && token ? (
        <AcceptInvitation token={token} invitation={{ ...invitation, role: t(`roles.${invitation.role}`) }} />
      ) : (
        <div data-testid="invitation-invalid">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{t("accept.invalid")}</h1>
          <p className="mt-2 text-sm text-slate-600">{t("accept.invalidBody")}</p>
        </div>
      )}
    </AuthCardPage>
  );
}
