import type { Metadata } from "next";
import { sectionMetadata } from "@/components/sections/metadata";
import { SecurityPage } from "@/components/security/security-page";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("security");
}

export default function Security() {
  return <SecurityPage />;
}
