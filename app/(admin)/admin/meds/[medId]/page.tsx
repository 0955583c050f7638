import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminMedDetailView } from "@/components/admin-meds/med-detail";
import { type DetailPageProps, detailParams } from "@/components/sections/detail-params";
import { getSession } from "@/server/auth/next-auth";

export async function generateMetadata(): Promise<Metadata> {
  const session = await getSession();
  if (session?.user.role !== "ADMIN") return { title: (await getTranslations("forbidden"))("metaTitle") };
  return { title: (await getTranslations("adminMeds.detail"))("metaTitle") };
}

export default async function AdminMedPage(props: DetailPageProps<"medId">) {
  const { id, param } = await detailParams(props, "medId");
  return <AdminMedDetailView medId={id} back={param("back")} />;
}
