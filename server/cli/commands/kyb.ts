import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { LIST_KINDS, listHistory, loadList } from "../../kyb/lists";
import type { ListKind } from "../../kyb/score";
import { type CliIo, emit, required, UsageError } from "../io";
import { CLI_ACTOR_ID } from "./onboarding";

export const KYB_USAGE = "kyb lists load --kind pep|sanctions --file F [--json] | kyb lists history [--json]";

/** Screening lists from a shell (server/kyb/lists.ts): load a file as the list's new version, or see the versions. */
export async function kybCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [group, action, ...rest] = args;
  if (group !== "lists" || (action !== "load" && action !== "history")) throw new UsageError(`usage: ${KYB_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: { kind: { type: "string" }, file: { type: "string" }, json: { type: "boolean", default: false } },
    strict: true,
  });
  if (action === "history") {
    const lists = await listHistory(db);
    emit(io, values.json, lists, () =>
      lists.map(
        (l) =>
          `${l.kind} v${l.version}: ${l.rowCount} rows from ${l.fileName}, ${l.loadedBy} ${l.loadedAt.toISOString()}`,
      ),
    );
    return;
  }
  required(values, "kind", "file");
  if (!(LIST_KINDS as readonly string[]).includes(values.kind as string)) {
    throw new UsageError("--kind must be pep or sanctions");
  }
  const path = values.file as string;
  const bytes = await readFile(path).catch(() => {
    throw new UsageError(`cannot read --file ${path}`);
  });
  const { list, rescreen } = await loadList(db, {
    kind: values.kind as ListKind,
    fileName: basename(path),
    bytes,
    actor: { userId: CLI_ACTOR_ID, email: "cli" },
  });
  const row = { id: list.id, kind: list.kind, version: list.version, rowCount: list.rowCount, ...rescreen };
  emit(io, values.json, row, () => [
    `${row.kind} list v${row.version} loaded: ${row.rowCount} rows; ${row.screened} companies screened, ${row.flagged} flagged`,
  ]);
}
