import { getTranslations } from "next-intl/server";
import { type ReactNode, Suspense } from "react";
import type { SectionKey } from "@/components/layout/nav";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * A section's page: its title and description (`sections.<section>`), its actions, then its
 * content. Lists keep their filters and page in the URL's search params, read on the client, so the
 * content waits in a Suspense boundary with `fallback`.
 */
export async function SectionPage({
  section,
  actions,
  fallback = <Skeleton className="h-40 w-full" />,
  children,
}: {
  section: SectionKey;
  actions?: ReactNode;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const t = await getTranslations("sections");
  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={t(`${section}.title`)} description={t(`${section}.description`)} actions={actions} />
      <Suspense fallback={fallback}>{children}</Suspense>
    </div>
  );
}
