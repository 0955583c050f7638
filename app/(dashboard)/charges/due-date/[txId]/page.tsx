import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DueDateDetail } from "@/components/due-date/due-date-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dueDateCharges.detail");
  return { title: t("metaTitle") };
}

export default async function DueDateChargePage(props: DetailPageProps<"txId">) {
  await requirePermission("charges.read");
  const { id, param } = await detailParams(props, "txId");
  return <DueDateDetail txId={id} back={param("back")} />;
}
