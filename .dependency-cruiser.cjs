/**
 * The layers of docs/conventions.md as rules (`npm run lint:deps`, a step of `npm test`).
 * Type-only imports count: a cycle through types still ties two modules together. What
 * components may pull into the browser is checked on its own (.dependency-cruiser-browser.cjs).
 */
const TEST = "(^tests/|^e2e/|^bench/|\\.test\\.tsx?$|\\.spec\\.ts$)";
/** Doors: they receive a request and answer it; nothing below them may import them. */
const DOORS = "^server/(account-api|gateway|trpc|cli|web)/";
/** What every capability builds on; it knows no capability. */
const FOUNDATION =
  "^server/((errors|money|time|logger|redis)\\.ts$|(config|db|fields|http|storage|documents|generated)/)";
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle makes two modules one: neither can be read, tested or loaded alone.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-not-to-dashboard",
      comment: "Services and doors know nothing of pages or components; share through server/ instead.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "foundation-not-to-capabilities",
      comment: "errors, money, time, config, db, fields, http, storage and documents are below every capability.",
      severity: "error",
      from: { path: FOUNDATION, pathNot: TEST },
      to: { path: "^server/", pathNot: FOUNDATION },
    },
    {
      name: "ledger-only-on-foundation",
      comment:
        "Every money movement goes through the ledger: it is the lowest capability and imports none (but the outbox event's shape, which its batches write).",
      severity: "error",
      from: { path: "^server/ledger/", pathNot: TEST },
      to: { path: "^server/", pathNot: `${FOUNDATION}|^server/ledger/|^server/outbox/record\\.ts$` },
    },
    {
      name: "simulator-stands-alone",
      comment:
        "The network simulator plays the other side of network.md; it is written from the spec, so it imports nothing of the platform (a shared mistake would pass both sides, decision 0052).",
      severity: "error",
      from: { path: "^server/network-simulator/" },
      to: { path: "^(server|app|components|i18n|prisma)/", pathNot: "^server/network-simulator/" },
    },
    {
      name: "services-not-to-doors",
      comment: "A service is called by doors, never the other way round.",
      severity: "error",
      from: {
        path: "^server/",
        pathNot: `${DOORS}|${TEST}`,
      },
      to: { path: DOORS },
    },
    {
      name: "product-not-to-tests",
      comment: "Tests, specs and benchmarks import the product, not the reverse.",
      severity: "error",
      from: { path: "^(app|components|server|i18n|prisma)/|^proxy\\.ts$", pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing fails at run time.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  required: [
    {
      name: "api-routes-use-a-wrapper",
      severity: "error",
      comment:
        "Every app/api route handler is built with withSession or withoutSession (server/auth/with-session.ts): one session check, one error shape.",
      module: { path: "^app/api/.+/route\\.ts$" },
      to: { path: "^server/auth/with-session\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "^(node_modules|server/generated)/" },
    exclude: { path: "^(node_modules|\\.next|\\.data|bench/results|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
