import type { Metadata } from "next";
import { ComingSoonSection } from "@/components/sections/coming-soon";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("webhooks");
}

export default function WebhooksPage() {
  return <ComingSoonSection section="webhooks" />;
}
