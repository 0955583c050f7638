/**
 * The production build every drill and bench that starts web processes runs on. Without one, two
 * web processes would each start `next dev` in the same folder and Next refuses the second
 * ("Another next dev server is already running"): so a missing build is made here, once, before
 * any web process starts, and a build that leaves no BUILD_ID stops the run at once.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export type BuildCheck = {
  /** Next's build folder (next.config's distDir), `.next` unless told */
  distDir?: string;
  /** makes the build; `next build` with its output shown unless told */
  build?: () => void;
  log?: (message: string) => void;
};

const nextBuild = () => {
  execFileSync(path.resolve("node_modules/.bin/next"), ["build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
};

/** Builds when `<distDir>/BUILD_ID` is missing; says whether a build was already there or made now. */
export function ensureProductionBuild(check: BuildCheck = {}): "existing" | "built" {
  const buildId = path.join(check.distDir ?? ".next", "BUILD_ID");
  if (existsSync(buildId)) return "existing";
  (check.log ?? console.log)(`▸ no production build (${buildId} is missing): next build`);
  (check.build ?? nextBuild)();
  if (!existsSync(buildId)) throw new Error(`the production build left no ${buildId}: see next build's output above`);
  return "built";
}
