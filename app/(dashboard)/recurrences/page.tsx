import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Can } from "@/components/layout/permissions";
import { RecurrencesBrowser } from "@/components/recurrences/recurrences-browser";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { ButtonLink } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("recurrences");
}

export default async function RecurrencesPage() {
  await requirePermission("charges.read");
  const t = await getTranslations("recurrences.list");
  return (
    <SectionPage
      section="recurrences"
      actions={
        <Can permission="charges.write">
          <ButtonLink href="/recurrences/new" data-testid="recurrence-new-link">
            <PlusIcon className="size-4" />
            {t("new")}
          </ButtonLink>
        </Can>
      }
    >
      <RecurrencesBrowser />
    </SectionPage>
  );
}
