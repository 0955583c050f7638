/**
 * Screening as a pure function (docs/decisions/0060-kyb-screening.md): which list rows are hits
 * on the company and its partners, and the risk score with its reasons. The database part
 * (finding candidate rows, storing the run) is in ./screening.ts.
 */
import { onlyDigits } from "../documents/cpf-cnpj";
import { cpfMiddle, nameKey } from "./normalise";

export type ListKind = "pep" | "sanctions";

/** A row of a loaded list, as screening reads it. */
export type Candidate = {
  id: string;
  kind: ListKind;
  name: string;
  nameKey: string;
  document: string | null;
  cpfMiddle: string | null;
  details: Record<string, string>;
};

export type Subject =
  | { subject: "company"; name: string; document: string }
  | { subject: "partner"; name: string; document: string };

/** pep: masked CPF digits and name; sanctions: the document; sanctions_name: the name of a row without document. */
export type HitKind = "pep" | "sanctions" | "sanctions_name";

export type Hit = {
  subject: Subject["subject"];
  name: string;
  document: string;
  kind: HitKind;
  entryId: string;
  listedName: string;
  details: Record<string, string>;
};

export function matchOf(subject: Subject, row: Candidate): HitKind | null {
  const document = onlyDigits(subject.document);
  const key = nameKey(subject.name);
  if (row.kind === "pep") {
    if (subject.subject !== "partner") return null;
    return row.cpfMiddle === cpfMiddle(document) && row.nameKey === key ? "pep" : null;
  }
  if (row.document) return row.document === document ? "sanctions" : null;
  return row.nameKey === key ? "sanctions_name" : null;
}

export function hitsOf(subjects: Subject[], rows: Candidate[]): Hit[] {
  const hits: Hit[] = [];
  for (const subject of subjects) {
    for (const row of rows) {
      const kind = matchOf(subject, row);
      if (!kind) continue;
      hits.push({
        subject: subject.subject,
        name: subject.name,
        document: onlyDigits(subject.document),
        kind,
        entryId: row.id,
        listedName: row.name,
        details: row.details,
      });
    }
  }
  return hits;
}

/** CNAE subclasses of higher money-laundering risk (7 digits); the decision says why each. */
export const HIGH_RISK_CNAES: ReadonlySet<string> = new Set([
  "9200301", // casas de bingo
  "9200302", // exploração de apostas em corridas de cavalos
  "9200399", // exploração de jogos de azar e apostas não especificados
  "6619302", // correspondentes de instituições financeiras
  "6499999", // outras atividades de serviços financeiros não especificadas
  "4783101", // comércio varejista de artigos de joalheria
  "6810201", // compra e venda de imóveis próprios
]);

export const POINTS = {
  PEP_PARTNER: 40,
  SANCTIONS_NAME: 30,
  YOUNG_COMPANY: 10,
  NOT_ACTIVE: 50,
  HIGH_RISK_CNAE: 15,
} as const;

export type ReasonCode = keyof typeof POINTS | "SANCTIONED_COMPANY" | "SANCTIONED_PARTNER";
export type Reason = { code: ReasonCode; points: number; name?: string; detail?: string };
export type Recommendation = "approve" | "review" | "refuse";

export const REVIEW_FROM = 30;
export const REFUSE_FROM = 70;

export type ScoredCompany = { cnae: string; openedOn: string; registrationStatus: string };

/** Months from `openedOn` (YYYY-MM-DD) to `today`, whole. */
function monthsSince(openedOn: string, today: Date): number {
  const [y, m, d] = openedOn.split("-").map(Number) as [number, number, number];
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  return months;
}

function hitReason(hit: Hit): Reason {
  const detail = hit.details.list ?? hit.details.function ?? undefined;
  const base = { name: hit.name, ...(detail ? { detail } : {}) };
  if (hit.kind === "pep") return { code: "PEP_PARTNER", points: POINTS.PEP_PARTNER, ...base };
  if (hit.kind === "sanctions_name") return { code: "SANCTIONS_NAME", points: POINTS.SANCTIONS_NAME, ...base };
  return { code: hit.subject === "company" ? "SANCTIONED_COMPANY" : "SANCTIONED_PARTNER", points: 100, ...base };
}

/** The score (0–100), its reasons and the recommendation; a sanctioned document refuses whatever the sum. */
export function scoreOf(company: ScoredCompany, hits: Hit[], today: Date) {
  const reasons: Reason[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    const key = `${hit.kind}:${hit.subject}:${hit.document}`;
    if (seen.has(key)) continue; // one reason per person and list kind, however many rows name them
    seen.add(key);
    reasons.push(hitReason(hit));
  }
  if (company.registrationStatus !== "ATIVA") {
    reasons.push({ code: "NOT_ACTIVE", points: POINTS.NOT_ACTIVE, detail: company.registrationStatus });
  }
  if (monthsSince(company.openedOn, today) < 6) {
    reasons.push({ code: "YOUNG_COMPANY", points: POINTS.YOUNG_COMPANY, detail: company.openedOn });
  }
  if (HIGH_RISK_CNAES.has(company.cnae)) {
    reasons.push({ code: "HIGH_RISK_CNAE", points: POINTS.HIGH_RISK_CNAE, detail: company.cnae });
  }
  const blocked = reasons.some((r) => r.code === "SANCTIONED_COMPANY" || r.code === "SANCTIONED_PARTNER");
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + r.points, 0),
  );
  const recommendation: Recommendation =
    blocked || score >= REFUSE_FROM ? "refuse" : score >= REVIEW_FROM ? "review" : "approve";
  return { score, reasons, recommendation, blocked };
}
