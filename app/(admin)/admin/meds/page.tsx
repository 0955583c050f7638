import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { adminSectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminMeds");
}

export default function AdminMedsPage() {
  return <ComingSoonSection section="adminMeds" area="admin" />;
}
