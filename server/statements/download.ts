/** The file behind a statement's signed, credential-free download link (the `reportUrl`). */
import type { Tx } from "../db/client";
import { forbidden, notFound } from "../errors";
import { type NamedFile, storage } from "../storage";
import type { SignedLinkQuery } from "../storage/signed-link";
import { verifyDownload } from "./signed-url";

/** 403 for an expired or tampered link, 404 when the statement has no file (any more). */
export async function signedStatementFile(db: Tx, id: string, link: SignedLinkQuery, now: Date): Promise<NamedFile> {
  if (!verifyDownload(id, link.expires, link.signature, now)) throw forbidden("Download link expired or invalid");
  const statement = await db.statement.findUnique({ where: { id } });
  const file = statement?.status === "done" && statement.reportPath ? await storage().get(statement.reportPath) : null;
  if (!statement || !file) throw notFound("Statement file not found");
  return { ...file, fileName: statement.reportId ?? `extrato-${id}` };
}
