import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SectionKey } from "@/components/layout/nav";

/** The browser tab title of a dashboard section, in the active locale. */
export async function sectionMetadata(section: SectionKey): Promise<Metadata> {
  const t = await getTranslations("sections");
  return { title: t(`${section}.title`) };
}
