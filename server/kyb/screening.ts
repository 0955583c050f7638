/**
 * Screening runs (docs/decisions/0060-kyb-screening.md): the company and its partners against the
 * newest version of each list, stored with the score, reasons, hits and list versions used.
 * Re-screening (after a list is loaded, and daily by the worker) flags an approved account whose
 * run finds a hit its previous run did not have.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { KybList, KybScreening, Prisma } from "../generated/prisma/client";
import { logger } from "../logger";
import { nameKey } from "./normalise";
import { type Candidate, type Hit, hitsOf, type ListKind, type Subject, scoreOf } from "./score";

export type ScreeningTrigger = "onboarding" | "list_load" | "schedule";
export type CurrentLists = Record<ListKind, KybList | null>;

export async function currentLists(tx: Tx): Promise<CurrentLists> {
  const [pep, sanctions] = await Promise.all(
    (["pep", "sanctions"] as const).map((kind) =>
      tx.kybList.findFirst({ where: { kind }, orderBy: { version: "desc" } }),
    ),
  );
  return { pep: pep ?? null, sanctions: sanctions ?? null };
}

async function candidates(tx: Tx, lists: CurrentLists, subjects: Subject[]): Promise<Candidate[]> {
  const keys = subjects.map((s) => nameKey(s.name));
  const partnerKeys = subjects.filter((s) => s.subject === "partner").map((s) => nameKey(s.name));
  const documents = subjects.map((s) => s.document);
  const where: Prisma.KybListEntryWhereInput[] = [];
  if (lists.pep) where.push({ listId: lists.pep.id, nameKey: { in: partnerKeys } });
  if (lists.sanctions) {
    where.push({ listId: lists.sanctions.id, document: { in: documents } });
    where.push({ listId: lists.sanctions.id, document: null, nameKey: { in: keys } });
  }
  if (where.length === 0) return [];
  const rows = await tx.kybListEntry.findMany({ where: { OR: where }, include: { list: true } });
  return rows.map((r) => ({
    id: r.id.toString(),
    kind: r.list.kind as ListKind,
    name: r.name,
    nameKey: r.nameKey,
    document: r.document,
    cpfMiddle: r.cpfMiddle,
    details: r.details as Record<string, string>,
  }));
}

const hitKey = (h: Pick<Hit, "kind" | "subject" | "document">) => `${h.kind}:${h.subject}:${h.document}`;

/** Screens one company now and stores the run. Null when the proposal has no registration data. */
export async function screenCompany(
  tx: Tx,
  proposalId: string,
  trigger: ScreeningTrigger,
  now = new Date(),
): Promise<{ screening: KybScreening; newHits: Hit[] } | null> {
  const company = await tx.kybCompany.findUnique({ where: { proposalId }, include: { partners: true } });
  if (!company) return null;
  const previous = await tx.kybScreening.findFirst({ where: { proposalId }, orderBy: { createdAt: "desc" } });
  const lists = await currentLists(tx);
  const subjects: Subject[] = [
    { subject: "company", name: company.legalName, document: company.cnpj },
    ...company.partners.map((p) => ({ subject: "partner" as const, name: p.name, document: p.cpf })),
  ];
  const hits = hitsOf(subjects, await candidates(tx, lists, subjects));
  const result = scoreOf(company, hits, now);
  const screening = await tx.kybScreening.create({
    data: {
      id: randomUUID(),
      proposalId,
      trigger,
      score: result.score,
      recommendation: result.recommendation,
      reasons: result.reasons as unknown as Prisma.InputJsonValue,
      hits: hits as unknown as Prisma.InputJsonValue,
      listVersions: { pep: lists.pep?.version ?? null, sanctions: lists.sanctions?.version ?? null },
      createdAt: now,
    },
  });
  const before = new Set(((previous?.hits ?? []) as Hit[]).map(hitKey));
  return { screening, newHits: previous ? hits.filter((h) => !before.has(hitKey(h))) : hits };
}

/** One line for the back office: who is newly listed where. */
function flagReasonOf(hits: Hit[]): string {
  return hits.map((h) => `${h.kind}: ${h.name}${h.details.list ? ` (${h.details.list})` : ""}`).join("; ");
}

/**
 * Screens again every company whose proposal is not rejected; an approved one with a new hit is
 * flagged for review. One transaction per company, so a long run holds no lock for long.
 */
export async function rescreenCompanies(db: Db, trigger: ScreeningTrigger, now = new Date()) {
  const companies = await db.kybCompany.findMany({
    where: { proposal: { status: { not: "REJECTED" } } },
    select: { proposalId: true, proposal: { select: { status: true } } },
  });
  let flagged = 0;
  for (const { proposalId, proposal } of companies) {
    await db.$transaction(async (tx) => {
      const run = await screenCompany(tx, proposalId, trigger, now);
      if (!run || run.newHits.length === 0 || proposal.status !== "APPROVED") return;
      flagged += 1;
      await tx.kybCompany.update({
        where: { proposalId },
        data: { flaggedAt: now, flagReason: flagReasonOf(run.newHits) },
      });
    });
  }
  if (flagged > 0) logger().warn({ flagged, trigger }, "kyb: approved accounts flagged for review");
  return { screened: companies.length, flagged };
}

export async function latestScreening(tx: Tx, proposalId: string): Promise<KybScreening | null> {
  return tx.kybScreening.findFirst({ where: { proposalId }, orderBy: { createdAt: "desc" } });
}
