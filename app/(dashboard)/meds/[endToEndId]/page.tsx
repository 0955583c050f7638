import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MedDetail } from "@/components/meds/med-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meds.detail");
  return { title: t("metaTitle") };
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export default async function MedPage({
  params,
  searchParams,
}: {
  params: Promise<{ endToEndId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { endToEndId } = await params;
  const query = await searchParams;
  return <MedDetail endToEndId={decodeURIComponent(endToEndId)} back={single(query.back)} />;
}
