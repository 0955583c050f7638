/**
 * How the back office shows a defense file (docs/decisions/0014-med-back-office.md): a file the
 * platform stores (under `/api/meds/evidence/<id>` of our own origin, after URL normalisation, so
 * `..` cannot climb out of it) is previewed by its stored content type; any other URL is only a
 * link and is never fetched.
 */
import { EVIDENCE_PATH, type EvidenceView } from "./evidence";

export type EvidenceKind = "image" | "pdf" | "link";
/** `fileName` as the merchant named an uploaded file; null for an outside link. */
export type EvidencePreview = { kind: EvidenceKind; url: string; fileName: string | null };

/**
 * `stored` holds the MED's own uploaded files by id. One of them is previewed by its sniffed type
 * through a freshly signed link (the one in the defense may have expired); anything else stays
 * the URL the defense gave, as a link.
 */
export function evidencePreview(
  url: string,
  appUrl: string,
  stored: ReadonlyMap<string, EvidenceView>,
): EvidencePreview {
  const link = { kind: "link", url, fileName: null } as const;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return link;
  }
  if (parsed.origin !== new URL(appUrl).origin || !parsed.pathname.startsWith(`${EVIDENCE_PATH}/`)) return link;
  const file = stored.get(parsed.pathname.slice(EVIDENCE_PATH.length + 1));
  if (!file) return link;
  const ours = { url: file.url, fileName: file.fileName };
  if (file.contentType === "application/pdf") return { kind: "pdf", ...ours };
  if (file.contentType === "image/png" || file.contentType === "image/jpeg") return { kind: "image", ...ours };
  return { kind: "link", ...ours };
}
