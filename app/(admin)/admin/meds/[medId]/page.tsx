import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminMedDetailView } from "@/components/admin-meds/med-detail";
import { getSession } from "@/server/auth/next-auth";

export async function generateMetadata(): Promise<Metadata> {
  const session = await getSession();
  if (session?.user.role !== "ADMIN") return { title: (await getTranslations("forbidden"))("metaTitle") };
  return { title: (await getTranslations("adminMeds.detail"))("metaTitle") };
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export default async function AdminMedPage({
  params,
  searchParams,
}: {
  params: Promise<{ medId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { medId } = await params;
  const query = await searchParams;
  return <AdminMedDetailView medId={decodeURIComponent(medId)} back={single(query.back)} />;
}
