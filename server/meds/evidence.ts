/**
 * How the back office shows a defense file (docs/decisions/0014-med-back-office.md): a file the
 * platform stores (under `/api/meds/evidence/` of our own origin, after URL normalisation, so
 * `..` cannot climb out of it) is previewed; any other URL is only a link and is never fetched.
 */
export const EVIDENCE_PATH = "/api/meds/evidence/";

export type EvidenceKind = "image" | "pdf" | "embed" | "link";

export function evidenceKind(url: string, appUrl: string): EvidenceKind {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "link";
  }
  if (parsed.origin !== new URL(appUrl).origin || !parsed.pathname.startsWith(EVIDENCE_PATH)) return "link";
  const path = parsed.pathname.toLowerCase();
  if (/\.(png|jpe?g|gif|webp)$/.test(path)) return "image";
  return path.endsWith(".pdf") ? "pdf" : "embed";
}
