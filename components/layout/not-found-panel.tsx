import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertCircleIcon, ArrowLeftIcon } from "@/components/ui/icons";

/**
 * A page or record that does not exist, inside the shell of the area it was asked in (status
 * 404), with the way back to that area's start page.
 */
export async function NotFoundPanel({ area }: { area: "dashboard" | "admin" }) {
  const t = await getTranslations("notFound");
  return (
    <div className="mx-auto max-w-2xl py-6" data-testid="not-found">
      <EmptyState
        icon={AlertCircleIcon}
        badge={<span className="text-xs font-semibold tracking-wider text-emerald-700 uppercase">{t("code")}</span>}
        title={<span className="text-xl">{t("title")}</span>}
        description={t("body")}
        action={
          <ButtonLink href={area === "admin" ? "/admin" : "/overview"}>
            <ArrowLeftIcon className="size-4" />
            {area === "admin" ? t("backAdmin") : t("back")}
          </ButtonLink>
        }
      />
    </div>
  );
}
