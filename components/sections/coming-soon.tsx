import { getTranslations } from "next-intl/server";
import { ADMIN_ENTRY, ADMIN_NAV, DASHBOARD_NAV, type SectionKey } from "@/components/layout/nav";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ArrowRightIcon, ClockIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

const ICONS = new Map(
  [...DASHBOARD_NAV, ADMIN_ENTRY, ...ADMIN_NAV]
    .flatMap((group) => group.items)
    .map((item) => [item.section, item.icon]),
);

/** A section's header and a "coming soon in this release" placeholder, until it is built. */
export async function ComingSoonSection({
  section,
  area = "dashboard",
}: {
  section: SectionKey;
  area?: "dashboard" | "admin";
}) {
  const t = await getTranslations();
  return (
    <div className="space-y-8">
      <PageHeader title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />
      <EmptyState
        icon={ICONS.get(section) ?? ClockIcon}
        badge={
          <Badge tone="accent">
            <ClockIcon className="size-3.5" />
            {t("common.comingSoon.badge")}
          </Badge>
        }
        title={t("common.comingSoon.title")}
        description={t("common.comingSoon.body")}
        action={
          area === "dashboard" ? (
            <ButtonLink href="/overview" variant="secondary">
              {t("common.comingSoon.cta")}
              <ArrowRightIcon className="size-4" />
            </ButtonLink>
          ) : null
        }
      />
    </div>
  );
}
