import type { Metadata } from "next";
import { ActivityList } from "@/components/members/activity-list";
import { sectionMetadata } from "@/components/sections/metadata";
import { SectionPage } from "@/components/sections/section-page";
import { requirePermission } from "@/server/auth/tenant";

export function generateMetadata(): Promise<Metadata> {
  return sectionMetadata("activity");
}

export default async function ActivityPage() {
  await requirePermission("activity.read");
  return (
    <SectionPage section="activity">
      <ActivityList />
    </SectionPage>
  );
}
