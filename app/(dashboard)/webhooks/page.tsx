import type { Metadata } from "next";
import { sectionMetadata } from "@/components/sections/metadata";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("webhooks");
}

export default function WebhooksPage() {
  return <WebhooksManager />;
}
