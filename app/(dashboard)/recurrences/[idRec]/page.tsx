import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RecurrenceDetail } from "@/components/recurrences/recurrence-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("recurrences.detail");
  return { title: t("metaTitle") };
}

export default async function RecurrencePage(props: DetailPageProps<"idRec">) {
  await requirePermission("charges.read");
  const { id, param } = await detailParams(props, "idRec");
  return <RecurrenceDetail idRec={id} back={param("back")} />;
}
