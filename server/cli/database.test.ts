import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import type { Db } from "../db/client";
import { lazyDb, openCliDb } from "./database";
import { runCli, USAGE } from "./run";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const savedUrl = process.env.DATABASE_URL;
afterEach(() => {
  if (savedUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = savedUrl;
  resetConfigForTests();
});

function withoutDatabaseUrl() {
  delete process.env.DATABASE_URL;
  resetConfigForTests();
}

describe("the CLI without a database", () => {
  it("prints its usage for --help without opening a database", async () => {
    let opened = 0;
    const { io, out, err } = capture();
    const code = await runCli(
      lazyDb(() => {
        opened++;
        throw new Error("no database here");
      }),
      io,
      ["--help"],
    );
    expect({ code, opened, out, err }).toEqual({ code: 0, opened: 0, out: [USAGE], err: [] });
  });

  it("answers a command with one line saying to start the embedded database or set DATABASE_URL, exit 1", async () => {
    withoutDatabaseUrl();
    const { io, out, err } = capture();
    const code = await runCli(lazyDb(openCliDb), io, ["apikey", "list"]);
    expect({ code, out }).toEqual({ code: 1, out: [] });
    expect(err).toEqual([
      "error: DATABASE_URL is not set: start the embedded database with `npm run dev` and run the CLI with DATABASE_URL=postgresql://pix_app:pix_app_local@127.0.0.1:54329/pix, or set DATABASE_URL to your PostgreSQL",
    ]);
  });

  it("answers a database out of reach with one line naming its address, exit 1", async () => {
    process.env.DATABASE_URL = "postgresql://postgres:secret@127.0.0.1:5999/pix";
    const unreachable = Object.assign(new Error("Raw query failed"), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5999 } } },
    });
    unreachable.cause = { kind: "DatabaseNotReachable" };
    const failing = new Proxy({} as Db, {
      get: () =>
        new Proxy(() => {}, {
          get: () => async () => Promise.reject(unreachable),
          apply: async () => Promise.reject(unreachable),
        }),
    });
    const { io, err } = capture();
    const code = await runCli(failing, io, ["ledger", "verify"]);
    expect({ code, err }).toEqual({
      code: 1,
      err: [
        "error: cannot reach the database at 127.0.0.1:5999: start it (`npm run dev` starts the embedded one) or set DATABASE_URL to a running PostgreSQL",
      ],
    });
  });

  it("still reports a usage error of a command without a database", async () => {
    withoutDatabaseUrl();
    const { io, err } = capture();
    const code = await runCli(lazyDb(openCliDb), io, ["merchant"]);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^error: usage: merchant create/);
  });

  it("runs the real client's methods on the client it opened, once", () => {
    const real = {
      calls: 0,
      count() {
        this.calls++;
        return this.calls;
      },
    };
    let opened = 0;
    const db = lazyDb(() => {
      opened++;
      return real as unknown as Db;
    }) as unknown as typeof real;
    expect([db.count(), db.count(), opened, real.calls]).toEqual([1, 2, 1, 2]);
  });

  it("npm run cli exits 1 with one line and no stack trace when DATABASE_URL is unset", () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const cli = (...args: string[]) =>
      spawnSync(path.resolve("node_modules/.bin/tsx"), ["server/cli/main.ts", ...args], { env, encoding: "utf8" });
    const help = cli("--help");
    const verify = cli("ledger", "verify");
    expect({ status: help.status, stderr: help.stderr }).toEqual({ status: 0, stderr: "" });
    expect(help.stdout).toBe(`${USAGE}\n`);
    expect(verify.status).toBe(1);
    expect(verify.stderr).toMatch(/^error: DATABASE_URL is not set: [^\n]+\n$/);
  }, 60_000); // two tsx start-ups, slow on a busy machine
});
