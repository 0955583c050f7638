import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { sectionMetadata } from "@/components/sections/metadata";
import { SendMoney, SendSkeleton } from "@/components/send/send-money";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("send");
}

export default async function SendPage() {
  await requirePermission("money.send");
  const t = await getTranslations("sections.send");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      {/* The active tab lives in the URL's search params, read on the client. */}
      <Suspense fallback={<SendSkeleton />}>
        <SendMoney />
      </Suspense>
    </div>
  );
}
