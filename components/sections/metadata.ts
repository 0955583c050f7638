import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SectionKey } from "@/components/layout/nav";
import { getSession } from "@/server/auth/next-auth";

/** The browser tab title of a dashboard section, in the active locale. */
export async function sectionMetadata(section: SectionKey): Promise<Metadata> {
  const t = await getTranslations("sections");
  return { title: t(`${section}.title`) };
}

/** Same for the admin area, where anyone but an administrator sees the "not allowed" page. */
export async function adminSectionMetadata(section: SectionKey): Promise<Metadata> {
  const session = await getSession();
  if (session?.user.role !== "ADMIN") {
    const t = await getTranslations("forbidden");
    return { title: t("metaTitle") };
  }
  return sectionMetadata(section);
}
