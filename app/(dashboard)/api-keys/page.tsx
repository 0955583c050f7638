import type { Metadata } from "next";
import { ApiKeysManager } from "@/components/api-keys/api-keys-manager";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("apiKeys");
}

export default function ApiKeysPage() {
  return <ApiKeysManager />;
}
