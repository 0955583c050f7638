/**
 * Evidence for a MED's defense, uploaded in the dashboard (docs/decisions/0013-med-evidence.md):
 * the rules of every upload (server/uploads/file-rules.ts), at most MAX_EVIDENCE_FILES per MED, photos
 * without their metadata (server/uploads/strip-metadata.ts), kept in the file storage and offered as signed links on APP_URL. The defense
 * submitted from the dashboard carries those links as its `files`.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, forbidden, notFound } from "../errors";
import { UUID_PATTERN } from "../fields/ids";
import type { Med, MedEvidence } from "../generated/prisma/client";
import { type NamedFile, storage } from "../storage";
import { linkSigner, type SignedLinkQuery } from "../storage/signed-link";
import { exceedsUploadLimit, fileTooLarge, SNIFF_BYTES, sniffUpload, unsupportedFileType } from "../uploads/file-rules";
import { isImage, readAll, withoutMetadata } from "../uploads/strip-metadata";
import { MAX_EVIDENCE_FILES } from "./schema";
import { submitDefense } from "./service";

export const EVIDENCE_PATH = "/api/meds/evidence";
/** Long enough for the whole analysis of a MED; a fresh link is signed whenever the owner looks. */
export const EVIDENCE_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export const evidenceLinks = linkSigner({
  purpose: "med-evidence-v1",
  ttlMs: EVIDENCE_LINK_TTL_MS,
  path: (id) => `${EVIDENCE_PATH}/${id}`,
});

/** The caller's MED on that PIX (404 for anyone else's). */
export async function ownedMed(db: Db | Tx, userId: string, endToEndId: string): Promise<Med> {
  const med = await db.med.findFirst({ where: { userId, endToEndId }, orderBy: { createdAt: "desc" } });
  if (!med) throw notFound("MED not found");
  return med;
}

/** Evidence may be added or removed only while a defense can still be submitted. */
function assertOpenForDefense(med: Med, now: Date): void {
  if (med.defenseCreatedAt) throw new AppError("CONFLICT", "a defense was already submitted for this MED");
  if (med.status !== "under_analysis") throw new AppError("CONFLICT", "this MED is already resolved");
  if (now.getTime() > med.defenseDeadline.getTime())
    throw new AppError("DEADLINE_EXPIRED", "the defense deadline has passed");
}

async function lockOwnedMed(tx: Tx, userId: string, medId: string): Promise<Med> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM meds WHERE id = ${medId}::uuid AND user_id = ${userId}::uuid FOR UPDATE`;
  if (!row) throw notFound("MED not found");
  return tx.med.findUniqueOrThrow({ where: { id: row.id } });
}

/** Reads up to SNIFF_BYTES from the body; the rest stays unread in `rest`. */
async function readHead(body: AsyncIterable<Uint8Array>) {
  const iterator = body[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    parts.push(Buffer.from(next.value));
    size += next.value.byteLength;
    if (exceedsUploadLimit(size)) throw fileTooLarge("file");
  }
  return { head: Buffer.concat(parts, size), iterator, done };
}

/** The head, then the rest of the body, refused as soon as the whole passes the size limit. */
async function* limited(head: Buffer, iterator: AsyncIterator<Uint8Array>, done: boolean) {
  let size = head.byteLength;
  yield head;
  if (done) return;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    size += next.value.byteLength;
    if (exceedsUploadLimit(size)) throw fileTooLarge("file");
    yield next.value;
  }
}

export type EvidenceUpload = {
  userId: string;
  endToEndId: string;
  fileName: string;
  body: AsyncIterable<Uint8Array>;
  now?: Date;
};

/** Sniffs, stores and records one file; refusals throw before anything is kept. */
export async function storeEvidence(db: Db, input: EvidenceUpload): Promise<MedEvidence> {
  const now = input.now ?? new Date();
  const med = await ownedMed(db, input.userId, input.endToEndId);
  assertOpenForDefense(med, now);
  if ((await db.medEvidence.count({ where: { medId: med.id } })) >= MAX_EVIDENCE_FILES) throw tooMany();

  const { head, iterator, done } = await readHead(input.body);
  const contentType = head.byteLength > 0 ? await sniffUpload(head) : null;
  if (!contentType) throw unsupportedFileType("file");
  const id = randomUUID();
  const storageKey = `med-evidence/${med.id}/${id}`;
  const body = limited(head, iterator, done);
  // photos lose their EXIF/GPS before they are stored: the back office never needs where they were taken
  const stored = isImage(contentType) ? [await withoutMetadata(await readAll(body), contentType)] : body;
  const { sizeBytes } = await storage().put(storageKey, stored, contentType);
  try {
    return await inTransaction(db, async (tx) => {
      // the MED row serialises uploads and the defense: the 11th file or a late one is refused
      const locked = await lockOwnedMed(tx, input.userId, med.id);
      assertOpenForDefense(locked, now);
      if ((await tx.medEvidence.count({ where: { medId: med.id } })) >= MAX_EVIDENCE_FILES) throw tooMany();
      return tx.medEvidence.create({
        data: {
          id,
          medId: med.id,
          userId: input.userId,
          fileName: input.fileName,
          contentType,
          sizeBytes,
          storageKey,
          createdAt: now,
        },
      });
    });
  } catch (error) {
    await storage().delete(storageKey);
    throw error;
  }
}

const tooMany = () => new AppError("TOO_MANY_FILES", `a defense may have at most ${MAX_EVIDENCE_FILES} files`, "file");

/** Takes back a file not yet part of a submitted defense. */
export async function removeEvidence(db: Db, input: { userId: string; id: string; now?: Date }): Promise<void> {
  if (!UUID_PATTERN.test(input.id)) throw notFound("file not found");
  const removed = await inTransaction(db, async (tx) => {
    const evidence = await tx.medEvidence.findFirst({ where: { id: input.id, userId: input.userId } });
    if (!evidence) throw notFound("file not found");
    assertOpenForDefense(await lockOwnedMed(tx, input.userId, evidence.medId), input.now ?? new Date());
    await tx.medEvidence.delete({ where: { id: evidence.id } });
    return evidence;
  });
  await storage().delete(removed.storageKey);
}

export type EvidenceView = { id: string; fileName: string; contentType: string; sizeBytes: number; url: string };

export const evidenceView = (evidence: MedEvidence, now: Date): EvidenceView => ({
  id: evidence.id,
  fileName: evidence.fileName,
  contentType: evidence.contentType,
  sizeBytes: evidence.sizeBytes,
  url: evidenceLinks.url(evidence.id, now),
});

export async function listEvidence(db: Db | Tx, medId: string, now: Date): Promise<EvidenceView[]> {
  const rows = await db.medEvidence.findMany({ where: { medId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => evidenceView(row, now));
}

/** The dashboard's defense: the text, with every uploaded file as a signed link. */
export async function submitDefenseWithEvidence(
  db: Db,
  input: { userId: string; endToEndId: string; description: string; now?: Date },
): Promise<Med> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const med = await ownedMed(tx, input.userId, input.endToEndId);
    // locked before the files are read, so an upload racing the submission is refused, not lost
    await lockOwnedMed(tx, input.userId, med.id);
    const files = (await listEvidence(tx, med.id, now)).map((file) => file.url);
    return submitDefense(tx, { ...input, files, now });
  });
}

/** The file behind an evidence link, for whoever holds it: 403 expired or tampered, 404 removed. */
export async function signedEvidenceFile(db: Db, id: string, link: SignedLinkQuery, now: Date): Promise<NamedFile> {
  if (!evidenceLinks.verify(id, link.expires, link.signature, now)) throw forbidden("Link expired or invalid");
  const evidence = UUID_PATTERN.test(id) ? await db.medEvidence.findUnique({ where: { id } }) : null;
  const file = evidence ? await storage().get(evidence.storageKey) : null;
  if (!evidence || !file) throw notFound("File not found");
  return { ...file, contentType: evidence.contentType, fileName: evidence.fileName };
}
