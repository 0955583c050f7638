import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DueDateBrowser } from "@/components/due-date/due-date-browser";
import { Can } from "@/components/layout/permissions";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { ButtonLink } from "@/components/ui/button";
import { FileTextIcon, PlusIcon } from "@/components/ui/icons";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("dueDateCharges");
}

export default async function DueDateChargesPage() {
  await requirePermission("charges.read");
  const t = await getTranslations("dueDateCharges.list");
  return (
    <SectionPage
      section="dueDateCharges"
      actions={
        <Can permission="charges.write">
          <div className="flex flex-wrap gap-2">
            <ButtonLink href="/charges/due-date/upload" variant="secondary" data-testid="due-date-upload-link">
              <FileTextIcon className="size-4" />
              {t("upload")}
            </ButtonLink>
            <ButtonLink href="/charges/due-date/new" data-testid="due-date-new-link">
              <PlusIcon className="size-4" />
              {t("new")}
            </ButtonLink>
          </div>
        </Can>
      }
    >
      <DueDateBrowser />
    </SectionPage>
  );
}
