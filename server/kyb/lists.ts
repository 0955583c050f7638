/**
 * Loading a screening list (back office upload and `npm run cli -- kyb lists load`): the file is
 * size-limited and must be text by its bytes, every row is read before anything is written, and
 * the rows become a new version of the list (older versions stay, with who loaded them, when and
 * how many rows). Every company is then screened again against the new version.
 */
import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { type AuditActor, recordAudit } from "../audit/log";
import type { Db } from "../db/client";
import { AppError, invalid } from "../errors";
import type { KybList } from "../generated/prisma/client";
import { SNIFF_BYTES } from "../uploads/file-rules";
import { decodeList, parseList } from "./csv";
import type { ListKind } from "./score";
import { rescreenCompanies } from "./screening";

export const LIST_KINDS = ["pep", "sanctions"] as const;
/** The CGU's whole PEP list is about 25 MB; a list file may be up to 64 MB. */
export const MAX_LIST_BYTES = 64 * 1_048_576;
const INSERT_CHUNK = 5_000;

export type LoadListInput = { kind: ListKind; fileName: string; bytes: Uint8Array; actor: AuditActor };

/** What the file must be before it is read: not empty, not too large, and text rather than a known binary. */
async function checkListFile(bytes: Uint8Array): Promise<string> {
  if (bytes.length === 0) throw invalid("file: empty file", "file");
  if (bytes.length > MAX_LIST_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `file: larger than ${MAX_LIST_BYTES / 1_048_576} MB`, "file");
  }
  const sniffed = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
  if (sniffed)
    throw new AppError("UNSUPPORTED_FILE_TYPE", `file: must be a CSV text file (is ${sniffed.mime})`, "file");
  return decodeList(bytes);
}

export async function loadList(db: Db, input: LoadListInput) {
  const rows = parseList(input.kind, await checkListFile(input.bytes));
  const list = await db.$transaction(
    async (tx) => {
      // one loader at a time per kind, so versions follow each other
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`kyb_lists:${input.kind}`}))`;
      const last = await tx.kybList.findFirst({ where: { kind: input.kind }, orderBy: { version: "desc" } });
      const created = await tx.kybList.create({
        data: {
          id: randomUUID(),
          kind: input.kind,
          version: (last?.version ?? 0) + 1,
          fileName: input.fileName.slice(0, 200),
          rowCount: rows.length,
          loadedBy: input.actor.email,
        },
      });
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.kybListEntry.createMany({
          data: rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, listId: created.id })),
        });
      }
      await recordAudit(tx, {
        actor: input.actor,
        action: "kyb.load_list",
        targetType: "kyb_list",
        targetId: created.id,
        before: last ? listState(last) : null,
        after: listState(created),
      });
      return created;
    },
    { timeout: 120_000 },
  );
  const rescreen = await rescreenCompanies(db, "list_load");
  return { list, rescreen };
}

const listState = (l: KybList) => ({ kind: l.kind, version: l.version, rowCount: l.rowCount, fileName: l.fileName });

/** Every version loaded, newest first. */
export async function listHistory(db: Db, limit = 50) {
  return db.kybList.findMany({ orderBy: [{ loadedAt: "desc" }, { version: "desc" }], take: limit });
}
