/**
 * What a component pulls into the browser: the imports that remain once types are erased,
 * followed all the way. Components may import schemas, field rules and types from server/, never
 * anything that reaches a database handle, the configuration (secrets) or the session's server side.
 */
const layers = require("./.dependency-cruiser.cjs");

const SERVER_ONLY =
  "^server/((config|db|storage|worker|generated/prisma/client)\\b|(redis|logger)\\.ts$|auth/next-auth\\.ts$)|^node_modules/(pg|pg-boss|ioredis|nodemailer)/";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "components-not-reaching-server-only",
      severity: "error",
      from: { path: "^components/", pathNot: "\\.test\\.tsx?$" },
      to: { path: SERVER_ONLY, reachable: true },
    },
  ],
  options: { ...layers.options, tsPreCompilationDeps: false },
};
