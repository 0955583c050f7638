import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EntryDetail } from "@/components/ledger/entry-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ledger.detail");
  return { title: t("metaTitle") };
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export default async function LedgerEntryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const query = await searchParams;
  return <EntryDetail id={decodeURIComponent(id)} accountId={single(query.account)} back={single(query.back)} />;
}
