import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SectionKey } from "@/components/layout/nav";
import { sectionMetadata } from "@/components/sections/metadata";
import { getSession } from "@/server/auth/next-auth";

/** The tab title of an admin section; anyone but an administrator sees the "not allowed" page's. */
export async function adminSectionMetadata(section: SectionKey): Promise<Metadata> {
  const session = await getSession();
  if (session?.user.role !== "ADMIN") {
    const t = await getTranslations("forbidden");
    return { title: t("metaTitle") };
  }
  return sectionMetadata(section);
}
