/**
 * Account-programme onboarding (docs/contract.md, "Account programme"; interface 3.6): the
 * programme owner's proposals, their e-mail verification and KYC documents. Only the owner sees
 * a proposal (anyone else: 404). Admin decisions are in ./review.ts.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { saveCompany } from "../kyb/company";
import { screenCompany } from "../kyb/screening";
import { storage } from "../storage";
import { putSealed } from "../storage/sealed";
import { type CheckedFile, checkFiles, completeType, type IncomingFile } from "./files";
import type { KycDocumentType, OnboardingStatusName, ProposalInput } from "./schema";
import { hashToken, issueVerification } from "./verification";
import type { ProposalWithFiles } from "./view";

const withFiles = { files: true } as const;

const duplicate = () => new AppError("CONFLICT", "an open proposal already exists for this document", "document");

export async function createProposal(db: Db, ownerId: string, input: ProposalInput): Promise<ProposalWithFiles> {
  try {
    return await db.$transaction(async (tx) => {
      const open = await tx.onboardingProposal.findFirst({
        where: { ownerId, document: input.document, status: { notIn: ["APPROVED", "REJECTED"] } },
        select: { userId: true },
      });
      if (open) throw duplicate();
      const proposal = await tx.onboardingProposal.create({
        data: {
          userId: randomUUID(),
          ownerId,
          personType: input.personType,
          name: input.name,
          document: input.document,
          email: input.email,
          phone: input.phone,
          birthDate: input.birthDate ?? null,
          address: input.address ?? Prisma.DbNull,
          locale: input.locale ?? "pt-BR",
        },
        include: withFiles,
      });
      if (input.company) {
        // the company's registration data and partners, screened at once against the lists in force
        await saveCompany(tx, proposal, input.company);
        await screenCompany(tx, proposal.userId, "onboarding");
      }
      await issueVerification(tx, proposal);
      return proposal;
    });
  } catch (error) {
    // Two requests at once: the partial unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw duplicate();
    throw error;
  }
}

/** The owner's proposal; anyone else's (or none) is a 404. */
export async function ownedProposal(tx: Tx, ownerId: string, userId: string): Promise<ProposalWithFiles> {
  const proposal = await tx.onboardingProposal.findUnique({ where: { userId }, include: withFiles });
  if (!proposal || proposal.ownerId !== ownerId) throw notFound("onboarding proposal not found");
  return proposal;
}

export type ProposalFilter = {
  page: number;
  limit: number;
  status?: OnboardingStatusName;
  personType?: "person" | "company";
  /** created at or before this instant (the back office's "older than" filter) */
  createdBefore?: Date;
};

/** Newest first; `ownerId` undefined = every owner (back office). */
export async function listProposals(tx: Tx, ownerId: string | undefined, filter: ProposalFilter) {
  const where: Prisma.OnboardingProposalWhereInput = {
    ...(ownerId ? { ownerId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.personType ? { personType: filter.personType } : {}),
    ...(filter.createdBefore ? { createdAt: { lte: filter.createdBefore } } : {}),
  };
  const [items, total] = await Promise.all([
    tx.onboardingProposal.findMany({
      where,
      include: withFiles,
      orderBy: [{ createdAt: "desc" }, { userId: "desc" }],
      skip: (filter.page - 1) * filter.limit,
      take: filter.limit,
    }),
    tx.onboardingProposal.count({ where }),
  ]);
  return { items, total };
}

export async function resendVerification(db: Db, ownerId: string, userId: string): Promise<ProposalWithFiles> {
  return db.$transaction(async (tx) => {
    const proposal = await lockedProposal(tx, ownerId, userId);
    if (proposal.status !== "PENDING_EMAIL_VERIFICATION") {
      throw new AppError("CONFLICT", `the e-mail is already verified (status ${proposal.status})`);
    }
    await issueVerification(tx, proposal);
    return proposal;
  });
}

export type VerifyResult = "verified" | "already-verified" | "expired" | "invalid";

/** Follows a verification link: PENDING_EMAIL_VERIFICATION → PENDING_DOCUMENTS, once. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<VerifyResult> {
  if (!token || token.length > 200) return "invalid";
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: string; proposal_id: string; expires_at: Date; used_at: Date | null; invalidated_at: Date | null }[]
    >`
      SELECT id, proposal_id, expires_at, used_at, invalidated_at FROM email_verification_tokens
       WHERE token_hash = ${hashToken(token)} FOR UPDATE`;
    if (!row || row.used_at || row.invalidated_at) return "invalid";
    if (row.expires_at.getTime() <= now.getTime()) return "expired";
    await tx.emailVerificationToken.update({ where: { id: row.id }, data: { usedAt: now } });
    const moved = await tx.onboardingProposal.updateMany({
      where: { userId: row.proposal_id, status: "PENDING_EMAIL_VERIFICATION" },
      data: { status: "PENDING_DOCUMENTS", emailVerifiedAt: now },
    });
    return moved.count === 1 ? "verified" : "already-verified";
  });
}

async function lockedProposal(tx: Tx, ownerId: string, userId: string): Promise<ProposalWithFiles> {
  await tx.$queryRaw`SELECT 1 FROM onboarding_proposals WHERE user_id = ${userId}::uuid FOR UPDATE`;
  return ownedProposal(tx, ownerId, userId);
}

/**
 * Stores the files (encrypted) and records them; once every file of one document type is in,
 * the proposal goes UNDER_REVIEW. A file sent again for the same type and side replaces the old.
 */
export async function uploadDocuments(
  db: Db,
  ownerId: string,
  userId: string,
  documentType: KycDocumentType,
  incoming: IncomingFile[],
): Promise<ProposalWithFiles> {
  const before = await ownedProposal(db, ownerId, userId);
  assertAcceptsDocuments(before.status);
  const files: (CheckedFile & { id: string; key: string })[] = (await checkFiles(documentType, incoming)).map((f) => {
    const id = randomUUID();
    return { ...f, id, key: `onboarding/${userId}/${id}` };
  });
  // The bytes first (outside the transaction); rows that never commit leave orphans we delete.
  for (const file of files) await putSealed(file.key, file.bytes);
  let replaced: string[] = [];
  try {
    const result = await db.$transaction(async (tx) => {
      const proposal = await lockedProposal(tx, ownerId, userId);
      assertAcceptsDocuments(proposal.status);
      const now = new Date();
      replaced = proposal.files
        .filter((old) => old.documentType === documentType && files.some((f) => f.side === old.side))
        .map((old) => old.storageKey);
      await tx.onboardingFile.deleteMany({
        where: { proposalId: userId, documentType, side: { in: files.map((f) => f.side) } },
      });
      await tx.onboardingFile.createMany({
        data: files.map((f) => ({
          id: f.id,
          proposalId: userId,
          documentType,
          side: f.side,
          storageKey: f.key,
          contentType: f.contentType,
          sizeBytes: f.bytes.length,
          uploadedAt: now,
        })),
      });
      const all = await tx.onboardingFile.findMany({ where: { proposalId: userId } });
      if (completeType(all)) {
        await tx.onboardingProposal.update({ where: { userId }, data: { status: "UNDER_REVIEW", submittedAt: now } });
      } else {
        await tx.onboardingProposal.update({ where: { userId }, data: { updatedAt: now } });
      }
      return tx.onboardingProposal.findUniqueOrThrow({ where: { userId }, include: withFiles });
    });
    await Promise.all(
      replaced.map((key) =>
        storage()
          .delete(key)
          .catch(() => {}),
      ),
    );
    return result;
  } catch (error) {
    await Promise.all(
      files.map((f) =>
        storage()
          .delete(f.key)
          .catch(() => {}),
      ),
    );
    throw error;
  }
}

function assertAcceptsDocuments(status: string): void {
  if (status !== "PENDING_DOCUMENTS") {
    throw new AppError("CONFLICT", `documents are accepted only in PENDING_DOCUMENTS (status ${status})`);
  }
}
