/** What the back office reads of KYB: a company with its partners' hits and its latest run; the queue's summary. */
import { type AuditActor, recordAudit } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { maskDocument } from "../documents/cpf-cnpj";
import { AppError, notFound } from "../errors";
import type { Hit, Reason, Recommendation } from "./score";
import { latestScreening } from "./screening";

export async function companyReview(tx: Tx, proposalId: string) {
  const company = await tx.kybCompany.findUnique({ where: { proposalId }, include: { partners: true } });
  if (!company) return null;
  const run = await latestScreening(tx, proposalId);
  const hits = (run?.hits ?? []) as Hit[];
  return {
    cnpj: company.cnpj,
    legalName: company.legalName,
    tradeName: company.tradeName,
    cnae: company.cnae,
    openedOn: company.openedOn,
    legalNature: company.legalNature,
    registrationStatus: company.registrationStatus,
    flaggedAt: company.flaggedAt,
    flagReason: company.flagReason,
    companyHits: hits.filter((h) => h.subject === "company"),
    partners: company.partners.map((p) => ({
      id: p.id,
      name: p.name,
      // the operator's browser gets the CPF masked, as the screen shows it (LGPD: no more than needed)
      cpf: maskDocument(p.cpf),
      qualification: p.qualification,
      share: p.shareBp === null ? null : p.shareBp / 100,
      hits: hits
        .filter((h) => h.subject === "partner" && h.document === p.cpf)
        .map((h) => ({ ...h, document: maskDocument(h.document) })),
    })),
    screening: run
      ? {
          score: run.score,
          recommendation: run.recommendation as Recommendation,
          reasons: run.reasons as Reason[],
          listVersions: run.listVersions as { pep: number | null; sanctions: number | null },
          trigger: run.trigger,
          createdAt: run.createdAt,
        }
      : null,
  };
}
export type CompanyReview = NonNullable<Awaited<ReturnType<typeof companyReview>>>;

export type KybSummary = { score: number; recommendation: Recommendation; flagged: boolean };

/** The latest score of each of these proposals that has registration data. */
export async function kybSummaries(tx: Tx, proposalIds: string[]): Promise<Map<string, KybSummary>> {
  if (proposalIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ proposal_id: string; score: number; recommendation: string; flagged: boolean }[]>`
    SELECT DISTINCT ON (s.proposal_id) s.proposal_id::text, s.score, s.recommendation, c.flagged_at IS NOT NULL AS flagged
      FROM kyb_screenings s JOIN kyb_companies c ON c.proposal_id = s.proposal_id
     WHERE s.proposal_id::text = ANY(${proposalIds})
     ORDER BY s.proposal_id, s.created_at DESC`;
  return new Map(
    rows.map((r) => [
      r.proposal_id,
      { score: r.score, recommendation: r.recommendation as Recommendation, flagged: r.flagged },
    ]),
  );
}

/** Approved accounts a re-screening flagged, newest first. */
export async function flaggedCompanies(tx: Tx) {
  const rows = await tx.kybCompany.findMany({
    where: { flaggedAt: { not: null } },
    include: { proposal: { select: { accountId: true, status: true } } },
    orderBy: { flaggedAt: "desc" },
    take: 100,
  });
  return rows.map((c) => ({
    userId: c.proposalId,
    legalName: c.legalName,
    cnpj: c.cnpj,
    accountId: c.proposal.accountId,
    flaggedAt: c.flaggedAt as Date,
    flagReason: c.flagReason,
  }));
}

/** The reviewer has looked at the new hit: the flag goes, the audit log keeps what it said. */
export async function clearFlag(db: Db, proposalId: string, actor: AuditActor): Promise<void> {
  await db.$transaction(async (tx) => {
    const company = await tx.kybCompany.findUnique({ where: { proposalId } });
    if (!company) throw notFound("company not found");
    if (!company.flaggedAt) throw new AppError("CONFLICT", "the account is not flagged");
    await tx.kybCompany.update({ where: { proposalId }, data: { flaggedAt: null, flagReason: null } });
    await recordAudit(tx, {
      actor,
      action: "kyb.clear_flag",
      targetType: "onboarding_proposal",
      targetId: proposalId,
      before: { flaggedAt: company.flaggedAt, flagReason: company.flagReason },
      after: { flaggedAt: null, flagReason: null },
    });
  });
}
