import type { Metadata } from "next";
import { sectionMetadata } from "@/components/sections/metadata";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("webhooks");
}

export default async function WebhooksPage() {
  await requirePermission("webhooks.manage");
  return <WebhooksManager />;
}
