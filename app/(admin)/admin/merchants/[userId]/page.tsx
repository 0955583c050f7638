import type { Metadata } from "next";
import { MerchantDetail } from "@/components/admin/merchant-detail";
import { adminSectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMerchants");
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export default async function AdminMerchantPage({
  params,
  searchParams,
}: {
  params: Promise<{ userId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { userId } = await params;
  const query = await searchParams;
  return <MerchantDetail userId={decodeURIComponent(userId)} back={single(query.back)} />;
}
