import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChargeDetail } from "@/components/charges/charge-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("charges.detail");
  return { title: t("metaTitle") };
}

export default async function ChargePage(props: DetailPageProps<"txId">) {
  await requirePermission("charges.read");
  const { id, param } = await detailParams(props, "txId");
  return <ChargeDetail txId={id} back={param("back")} />;
}
