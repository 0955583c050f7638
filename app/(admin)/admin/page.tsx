import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { adminSectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("admin");
}

export default function AdminPage() {
  return <ComingSoonSection section="admin" area="admin" />;
}
