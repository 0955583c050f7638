import type { Metadata } from "next";
import { MembersPanel } from "@/components/members/members-panel";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("members");
}

export default async function TeamPage() {
  const { user } = await requirePermission("members.manage");
  return (
    <SectionPage section="members">
      <MembersPanel selfId={user.id} />
    </SectionPage>
  );
}
