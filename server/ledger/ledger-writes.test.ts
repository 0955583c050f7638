/**
 * Every write of a ledger table (entries, status events, postings, account balances, the outbox
 * events of entries) goes through a verb of server/ledger/: ledger_post, the batches, the
 * annotations. This reads the tree (tests aside) for a write anywhere else.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LEDGER = path.join("server", "ledger");
const GENERATED = path.join("server", "generated");

const MUTATION = "create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany";
const WRITES: [string, RegExp][] = [
  [
    "Prisma write of a ledger table",
    new RegExp(`\\.\\s*(?:ledgerEntry|entryEvent|ledgerPosting)\\s*\\.\\s*(?:${MUTATION})\\s*\\(`),
  ],
  [
    "Prisma write of a balance",
    new RegExp(
      `\\.\\s*account\\s*\\.\\s*(?:${MUTATION})\\s*\\(\\s*\\{[^;]*?\\b(?:availableCents|heldCents|blockedCents)\\b`,
    ),
  ],
  [
    "SQL write of a ledger table",
    /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|COPY)\s+"?(?:ledger_entries|entry_events|ledger_postings)\b/i,
  ],
  [
    "SQL write of a balance",
    /\bUPDATE\s+"?accounts"?\s+(?:AS\s+\w+\s+)?SET\b[^;`]*?\b(?:available|held|blocked)_cents\b/i,
  ],
  [
    "call of a function that writes the ledger",
    /\b(?:ledger_post|ledger_post_many|gateway_cash_out_many|ledger_mark_disputed|ledger_record_receiver|ledger_mark_refunded)\s*\(/i,
  ],
  ["outbox event of an entry's money or status", /\btopic:\s*["'`]entry\./],
];

/** Each write of the ledger's tables in a source text, as `line: what`. */
function writesIn(text: string): string[] {
  const found: string[] = [];
  for (const [what, pattern] of WRITES) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      found.push(`${text.slice(0, match.index).split("\n").length}: ${what}`);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  const relative = path.relative(ROOT, dir);
  if (relative === LEDGER || relative === GENERATED) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(?:ts|tsx|mjs|js|sql)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const seedFiles = () =>
  readdirSync(path.join(ROOT, "prisma"))
    .filter((name) => name.startsWith("seed"))
    .map((name) => path.join(ROOT, "prisma", name));

describe("ledger writes", () => {
  it("happen only in server/ledger/", () => {
    const files = [...["server", "app", "scripts"].flatMap((dir) => sourceFiles(path.join(ROOT, dir))), ...seedFiles()];
    expect(files.length).toBeGreaterThan(100);
    const elsewhere = files.flatMap((file) =>
      writesIn(readFileSync(file, "utf8")).map((write) => `${path.relative(ROOT, file)}:${write}`),
    );
    expect(elsewhere).toEqual([]);
  });

  it("are recognised in each form, and reads are not", () => {
    const writes = [
      "await tx.ledgerEntry.update({ where: { seq }, data: { medId } });",
      "await tx.entryEvent.createMany({ data: [] });",
      "await db.account.update({ where: { id }, data: { availableCents: { increment: 1n } } });",
      'await tx.$executeRaw`UPDATE "ledger_entries" SET receiver = $1 WHERE seq = $2`;',
      "await client.query('insert into ledger_postings (entry_seq) values ($1)', [seq]);",
      "UPDATE accounts SET held_cents = held_cents - $1 WHERE id = $2",
      'pool.query("SELECT ledger_post_many($1::jsonb)", [changes]);',
      'await client.query("SELECT ledger_mark_refunded($1, $2, $3)", [accountId, original, refund]);',
      'await recordEvent(tx, { topic: "entry.status_changed", accountId, payload });',
    ];
    expect(writes.map((text) => writesIn(text).length)).toEqual(writes.map(() => 1));
    const reads = [
      "await tx.ledgerEntry.findMany({ where: { accountId } });",
      "SELECT seq FROM ledger_entries WHERE id = $1 FOR UPDATE",
      "await tx.account.update({ where: { id }, data: { status: 'inactive' } });",
      "await tx.med.update({ where: { id }, data: { blockedCents: { increment: blocked } } });",
      "// posted by `ledger_post` (server/ledger/apply.ts)",
      "SELECT ledger_lock_entry(seq) AS seq FROM (SELECT seq FROM ledger_entries LIMIT 1) found",
      'if (event.topic === "entry.created") return null;',
    ];
    expect(reads.flatMap(writesIn)).toEqual([]);
  });
});
