import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { MerchantDetail } from "@/components/admin/merchant-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMerchants");
}

export default async function AdminMerchantPage(props: DetailPageProps<"userId">) {
  const { id, param } = await detailParams(props, "userId");
  return <MerchantDetail userId={id} back={param("back")} />;
}
