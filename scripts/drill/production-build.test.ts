import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureProductionBuild } from "./production-build";

const folders: string[] = [];
const distDir = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "pix-build-check-")), ".next");
  folders.push(path.dirname(dir));
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("ensureProductionBuild", () => {
  it("builds once when there is no BUILD_ID, and not again once there is one", () => {
    const dir = distDir();
    let builds = 0;
    const build = () => {
      builds++;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "BUILD_ID"), "test-build");
    };
    const log: string[] = [];
    const check = { distDir: dir, build, log: (m: string) => log.push(m) };
    expect([ensureProductionBuild(check), ensureProductionBuild(check), builds]).toEqual(["built", "existing", 1]);
    expect(log).toEqual([`▸ no production build (${path.join(dir, "BUILD_ID")} is missing): next build`]);
  });

  it("stops the run when the build leaves no BUILD_ID", () => {
    const dir = distDir();
    expect(() => ensureProductionBuild({ distDir: dir, build: () => {}, log: () => {} })).toThrow(
      `the production build left no ${path.join(dir, "BUILD_ID")}: see next build's output above`,
    );
  });

  it("lets a failed build's error through", () => {
    const build = () => {
      throw new Error("Command failed: next build");
    };
    expect(() => ensureProductionBuild({ distDir: distDir(), build, log: () => {} })).toThrow(
      "Command failed: next build",
    );
  });
});
