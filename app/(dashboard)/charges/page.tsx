import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChargesBrowser } from "@/components/charges/charges-browser";
import { NewCharge } from "@/components/charges/new-charge";
import { Can } from "@/components/layout/permissions";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { ButtonLink } from "@/components/ui/button";
import { QrCodeIcon } from "@/components/ui/icons";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("charges");
}

export default async function ChargesPage() {
  await requirePermission("charges.read");
  const staticQr = await getTranslations("staticQr");
  return (
    <SectionPage
      section="charges"
      actions={
        <ButtonLink href="/charges/static" variant="secondary" data-testid="static-qr-link">
          <QrCodeIcon className="size-4" />
          {staticQr("title")}
        </ButtonLink>
      }
    >
      <Can permission="charges.write">
        <NewCharge />
      </Can>
      <ChargesBrowser />
    </SectionPage>
  );
}
