import type { Metadata } from "next";
import { PixKeysManager } from "@/components/pix-keys/pix-keys-manager";
import { sectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("pixKeys");
}

export default function PixKeysPage() {
  return <PixKeysManager />;
}
