/** The proposal record of the account surface (docs/contract.md, "Account programme") and the back office's. */
import { maskDocument } from "../documents/cpf-cnpj";
import type { OnboardingFile, OnboardingProposal } from "../generated/prisma/client";
import type { KycDocumentType } from "./schema";

export type ProposalWithFiles = OnboardingProposal & { files: OnboardingFile[] };

/** Files grouped by document type, in upload order. */
export function documentsOf(files: OnboardingFile[]) {
  const byType = new Map<string, OnboardingFile[]>();
  for (const file of [...files].sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime())) {
    byType.set(file.documentType, [...(byType.get(file.documentType) ?? []), file]);
  }
  return [...byType.entries()].map(([documentType, group]) => ({
    documentType: documentType as KycDocumentType,
    files: group.map((f) => f.side),
    uploadedAt: Math.max(...group.map((f) => f.uploadedAt.getTime())),
  }));
}

export function proposalView(p: ProposalWithFiles) {
  return {
    userId: p.userId,
    status: p.status,
    personType: p.personType,
    name: p.name,
    document: maskDocument(p.document),
    email: p.email,
    phone: p.phone,
    birthDate: p.birthDate,
    address: p.address as Record<string, string> | null,
    documents: documentsOf(p.files),
    accountId: p.accountId,
    rejectionReason: p.rejectionReason,
    createdAt: p.createdAt.getTime(),
    updatedAt: p.updatedAt.getTime(),
  };
}
export type ProposalView = ReturnType<typeof proposalView>;

/** What happened and when: creation, e-mail verified, documents complete, decision. */
export function timelineOf(p: OnboardingProposal) {
  return {
    createdAt: p.createdAt,
    emailVerifiedAt: p.emailVerifiedAt,
    submittedAt: p.submittedAt,
    decidedAt: p.decidedAt,
  };
}
