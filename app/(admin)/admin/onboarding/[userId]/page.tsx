import type { Metadata } from "next";
import { ProposalReview } from "@/components/admin-onboarding/review";
import { adminSectionMetadata } from "@/components/sections/metadata";

export function generateMetadata(): Promise<Metadata> {
  return adminSectionMetadata("adminOnboarding");
}

export default async function AdminProposalPage({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return <ProposalReview userId={userId} />;
}
