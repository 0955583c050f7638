import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EntryDetail } from "@/components/ledger/entry-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { requirePermission } from "@/server/auth/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ledger.detail");
  return { title: t("metaTitle") };
}

export default async function LedgerEntryPage(props: DetailPageProps<"id">) {
  await requirePermission("ledger.read");
  const { id, param } = await detailParams(props, "id");
  return <EntryDetail id={id} accountId={param("account")} back={param("back")} />;
}
