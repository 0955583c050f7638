import type { Metadata } from "next";
import { PixKeysManager } from "@/components/pix-keys/pix-keys-manager";
import { sectionMetadata } from "@/components/sections/metadata";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("pixKeys");
}

export default async function PixKeysPage() {
  await requirePermission("pixKeys.read");
  return <PixKeysManager />;
}
