import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { MerchantDetail } from "@/components/admin/merchant-detail";

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
