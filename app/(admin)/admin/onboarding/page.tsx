import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { OnboardingQueue } from "@/components/admin-onboarding/queue";
import { SectionPage } from "@/components/sections/section-page";
import { ButtonLink } from "@/components/ui/button";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

export default async function AdminOnboardingPage() {
  const t = await getTranslations("adminOnboarding.kyb.page");
  return (
    <SectionPage
      section="adminOnboarding"
      actions={
        <ButtonLink href="/admin/onboarding/kyb" variant="secondary" data-testid="kyb-page-link">
          {t("open")}
        </ButtonLink>
      }
    >
      <OnboardingQueue />
    </SectionPage>
  );
}
