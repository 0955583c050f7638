import type { Metadata } from "next";
import { adminSectionMetadata } from "@/app/(admin)/admin/section-metadata";
import { ProposalReview } from "@/components/admin-onboarding/review";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

export default async function AdminProposalPage({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return <ProposalReview userId={userId} />;
}
