/**
 * The back office's decisions on proposals (and `npm run cli -- onboarding approve|reject`).
 * Approval creates the customer's user and its programme account, changes the status, writes
 * the audit row and queues the e-mail — one transaction (docs/decisions/0015-onboarding.md).
 */
import { createAccount } from "../accounts/service";
import { type AuditActor, recordAudit } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import { queueMail } from "../mail/outbox";
import { type MailLocale, renderMail } from "../mail/templates";
import { getSealed } from "../storage/sealed";
import { createCustomerUser } from "../users/service";
import type { ProposalWithFiles } from "./view";

async function lockForDecision(tx: Tx, userId: string): Promise<ProposalWithFiles> {
  await tx.$queryRaw`SELECT 1 FROM onboarding_proposals WHERE user_id = ${userId}::uuid FOR UPDATE`;
  const proposal = await tx.onboardingProposal.findUnique({ where: { userId }, include: { files: true } });
  if (!proposal) throw notFound("onboarding proposal not found");
  return proposal;
}

const auditState = (p: { status: string; accountId: string | null; rejectionReason: string | null }) => ({
  status: p.status,
  accountId: p.accountId,
  rejectionReason: p.rejectionReason,
});

export async function approveProposal(db: Db, userId: string, actor: AuditActor): Promise<ProposalWithFiles> {
  return db.$transaction(async (tx) => {
    const proposal = await lockForDecision(tx, userId);
    if (proposal.status !== "UNDER_REVIEW") {
      throw new AppError("CONFLICT", `only proposals UNDER_REVIEW can be approved (status ${proposal.status})`);
    }
    await createCustomerUser(tx, { id: proposal.userId, name: proposal.name });
    const account = await createAccount(tx, {
      userId: proposal.userId,
      name: proposal.name,
      document: proposal.document,
      programmeOwnerId: proposal.ownerId,
    });
    const approved = await tx.onboardingProposal.update({
      where: { userId },
      data: { status: "APPROVED", accountId: account.id, decidedAt: new Date(), decidedBy: actor.email },
      include: { files: true },
    });
    await recordAudit(tx, {
      actor,
      action: "onboarding.approve",
      targetType: "onboarding_proposal",
      targetId: userId,
      before: auditState(proposal),
      after: auditState(approved),
    });
    const mail = renderMail(
      { kind: "approved", name: proposal.name, accountId: account.id },
      proposal.locale as MailLocale,
    );
    await queueMail(tx, { ...mail, to: proposal.email, ownerId: proposal.ownerId });
    return approved;
  });
}

export async function rejectProposal(
  db: Db,
  userId: string,
  reason: string,
  actor: AuditActor,
): Promise<ProposalWithFiles> {
  return db.$transaction(async (tx) => {
    const proposal = await lockForDecision(tx, userId);
    if (proposal.status === "APPROVED" || proposal.status === "REJECTED") {
      throw new AppError("CONFLICT", `the proposal is already decided (status ${proposal.status})`);
    }
    const rejected = await tx.onboardingProposal.update({
      where: { userId },
      data: { status: "REJECTED", rejectionReason: reason, decidedAt: new Date(), decidedBy: actor.email },
      include: { files: true },
    });
    await recordAudit(tx, {
      actor,
      action: "onboarding.reject",
      targetType: "onboarding_proposal",
      targetId: userId,
      before: auditState(proposal),
      after: auditState(rejected),
      reason,
    });
    const mail = renderMail({ kind: "rejected", name: proposal.name, reason }, proposal.locale as MailLocale);
    await queueMail(tx, { ...mail, to: proposal.email, ownerId: proposal.ownerId });
    return rejected;
  });
}

/** Any proposal, for the back office. */
export async function proposalForAdmin(tx: Tx, userId: string): Promise<ProposalWithFiles> {
  const proposal = await tx.onboardingProposal.findUnique({ where: { userId }, include: { files: true } });
  if (!proposal) throw notFound("onboarding proposal not found");
  return proposal;
}

/**
 * A KYC file, decrypted, for an administrator or the proposal's programme owner; anyone else
 * (or no such file) gets the same 404.
 */
export async function readKycFile(
  tx: Tx,
  fileId: string,
  viewer: { userId: string; isAdmin: boolean },
): Promise<{ bytes: Buffer; contentType: string; side: string; documentType: string }> {
  const file = await tx.onboardingFile.findUnique({ where: { id: fileId }, include: { proposal: true } });
  if (!file || !(viewer.isAdmin || file.proposal.ownerId === viewer.userId)) throw notFound("file not found");
  const bytes = await getSealed(file.storageKey);
  if (!bytes) throw notFound("file not found");
  return { bytes, contentType: file.contentType, side: file.side, documentType: file.documentType };
}
