import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MedDetail } from "@/components/meds/med-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meds.detail");
  return { title: t("metaTitle") };
}

export default async function MedPage(props: DetailPageProps<"endToEndId">) {
  await requirePermission("meds.read");
  const { id, param } = await detailParams(props, "endToEndId");
  return <MedDetail endToEndId={id} back={param("back")} />;
}
