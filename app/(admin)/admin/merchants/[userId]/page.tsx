import type { Metadata } from "next";
import { MerchantDetail } from "@/components/admin/merchant-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { adminSectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMerchants");
}

export default async function AdminMerchantPage(props: DetailPageProps<"userId">) {
  const { id, param } = await detailParams(props, "userId");
  return <MerchantDetail userId={id} back={param("back")} />;
}
