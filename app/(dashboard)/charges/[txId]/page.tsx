import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChargeDetail } from "@/components/charges/charge-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("charges.detail");
  return { title: t("metaTitle") };
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export default async function ChargePage({
  params,
  searchParams,
}: {
  params: Promise<{ txId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { txId } = await params;
  const query = await searchParams;
  return <ChargeDetail txId={decodeURIComponent(txId)} back={single(query.back)} />;
}
