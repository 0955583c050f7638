/**
 * Every SQL function has one readable source, `server/<capability>/sql/<function>.sql`, and the
 * newest migration that defines it applies exactly that text (docs/conventions.md, "Recipe: change
 * a SQL function"). A migration that edits a body without its source, or a source edited without
 * a migration, fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = path.join(ROOT, "prisma/migrations");
const DEFINITION = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?\s*\(/gi;

/** Each function a SQL text defines, by name: the whole statement, from CREATE to its `$$;`. */
function definitions(sql: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of sql.matchAll(DEFINITION)) {
    const start = match.index;
    const opening = sql.indexOf("$$", start);
    const closing = sql.indexOf("$$", opening + 2);
    const end = sql.indexOf(";", closing);
    if (opening < 0 || closing < 0 || end < 0) throw new Error(`unterminated definition of ${match[1]}`);
    found.set((match[1] as string).toLowerCase(), sql.slice(start, end + 1));
  }
  return found;
}

const normalised = (statement: string) => statement.replace(/\s+/g, " ").trim();

function sources(): Map<string, { file: string; statement: string }> {
  const found = new Map<string, { file: string; statement: string }>();
  for (const capability of readdirSync(path.join(ROOT, "server"))) {
    const dir = path.join(ROOT, "server", capability, "sql");
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith(".sql"));
    } catch {
      continue;
    }
    for (const file of files) {
      const relative = path.relative(ROOT, path.join(dir, file));
      const defined = definitions(readFileSync(path.join(dir, file), "utf8"));
      const name = file.replace(/\.sql$/, "");
      const statement = defined.get(name);
      if (defined.size !== 1 || !statement) throw new Error(`${relative} must define exactly the function ${name}`);
      found.set(name, { file: relative, statement });
    }
  }
  return found;
}

/** The newest migration's definition of each function (migration folders sort by time). */
function newestDefinitions(): Map<string, { migration: string; statement: string }> {
  const newest = new Map<string, { migration: string; statement: string }>();
  for (const migration of readdirSync(MIGRATIONS).sort()) {
    let sql: string;
    try {
      sql = readFileSync(path.join(MIGRATIONS, migration, "migration.sql"), "utf8");
    } catch {
      continue;
    }
    for (const [name, statement] of definitions(sql)) newest.set(name, { migration, statement });
  }
  return newest;
}

describe("SQL functions", () => {
  const migrated = newestDefinitions();
  const sourced = sources();

  it("finds the functions the migrations define", () => {
    expect([...migrated.keys()]).toEqual(expect.arrayContaining(["ledger_post", "ledger_post_many"]));
  });

  it("has one source file per function the migrations define", () => {
    const missing = [...migrated.keys()].filter((name) => !sourced.has(name));
    expect(missing, "functions without server/<capability>/sql/<name>.sql").toEqual([]);
  });

  it("applies each source, unchanged, in the newest migration that defines its function", () => {
    for (const [name, source] of sourced) {
      const applied = migrated.get(name);
      expect(applied, `${source.file}: no migration defines ${name}`).toBeDefined();
      expect(
        normalised(applied?.statement ?? ""),
        `${applied?.migration} defines ${name} differently from ${source.file}`,
      ).toBe(normalised(source.statement));
    }
  });

  it("reads a definition to the end of its body, whatever the body contains", () => {
    const sql = `CREATE OR REPLACE FUNCTION "f"(a jsonb) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN RETURN 1; END $$;
      CREATE FUNCTION g() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'x;y'; END; $$;
      CREATE OR REPLACE FUNCTION public."h"() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;`;
    expect([...definitions(sql).entries()].map(([name, body]) => [name, normalised(body)])).toEqual([
      ["f", `CREATE OR REPLACE FUNCTION "f"(a jsonb) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;`],
      ["g", "CREATE FUNCTION g() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'x;y'; END; $$;"],
      ["h", 'CREATE OR REPLACE FUNCTION public."h"() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;'],
    ]);
  });
});
