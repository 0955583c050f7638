import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { ChargesBrowser } from "@/components/charges/charges-browser";
import { NewCharge } from "@/components/charges/new-charge";
import { sectionMetadata } from "@/components/sections/metadata";
import { ButtonLink } from "@/components/ui/button";
import { QrCodeIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("charges");
}

export default async function ChargesPage() {
  const t = await getTranslations("sections.charges");
  const staticQr = await getTranslations("staticQr");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <ButtonLink href="/charges/static" variant="secondary" data-testid="static-qr-link">
            <QrCodeIcon className="size-4" />
            {staticQr("title")}
          </ButtonLink>
        }
      />
      <NewCharge />
      {/* The filter and page live in the URL's search params, read on the client. */}
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <ChargesBrowser />
      </Suspense>
    </div>
  );
}
