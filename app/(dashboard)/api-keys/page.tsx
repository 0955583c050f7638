import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/api-keys/api-keys-manager";
import { sectionMetadata } from "@/components/sections/metadata";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("apiKeys");
}

export default async function ApiKeysPage() {
  await requirePermission("apiKeys.manage");
  return <ApiKeysManager />;
}
