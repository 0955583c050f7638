/**
 * The product command (`npm run dev`): database, migrations, demo data, the PIX network
 * simulator, web and worker. Without DATABASE_URL it starts an embedded PostgreSQL whose data
 * lives in .data/postgres, migrates and seeds it as its administrator and runs the processes as
 * the platform's role, pix_app. Unless PIX_RAIL=sandbox is set, the platform is a PSP on the
 * simulated network (PIX_RAIL=network, docs/pix-network.md): messages signed both ways with the
 * development PKI in .data/pki, the simulator's directory kept in .data/network-dict.json.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from "../server/db/embedded";
import { allowLocalAppLogin, asAppRole } from "../server/db/roles";
import { ensureNetworkPki, networkEnvironment } from "./network-pki";

if (existsSync(".env")) process.loadEnvFile(".env");
const bin = (name: string) => path.resolve("node_modules/.bin", name);
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const port = Number(process.env.PORT ?? 3000);
process.env.PORT = String(port);
process.env.APP_URL ??= `http://localhost:${port}`;
// Development: webhooks to a receiver on this machine (localhost, a LAN address) work out of the box.
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= "true";

const onNetwork = (process.env.PIX_RAIL ?? "network") === "network";
let networkControlUrl: string | undefined;
if (onNetwork && !process.env.SPI_URL) {
  const pki = await ensureNetworkPki(path.resolve(".data/pki"));
  const networkPort = Number(process.env.NETWORK_PORT ?? 4100);
  const ispb = process.env.PSP_ISPB ?? "13370001";
  const { NETWORK_CONTROL_URL, ...environment } = networkEnvironment(
    pki,
    networkPort,
    ispb,
    path.resolve(".data/network-dict.json"),
  );
  for (const [name, value] of Object.entries(environment)) process.env[name] ??= value;
  // set after the seed: the demo's opening balance is written here, before the network is up
  networkControlUrl = NETWORK_CONTROL_URL;
}

let embedded: EmbeddedDatabase | null = null;
const children: ChildProcess[] = [];

async function shutdown(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once("exit", resolve)))),
  );
  await embedded?.stop();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());

if (!process.env.DATABASE_URL) {
  const dbPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  console.log(`▸ starting embedded PostgreSQL on 127.0.0.1:${dbPort} (data in .data/postgres)`);
  embedded = await startEmbeddedPostgres({ dataDir: path.resolve(".data/postgres"), port: dbPort, persistent: true });
  await ensureDatabase(embedded.adminUrl, "pix");
  process.env.DATABASE_URL = embedded.urlFor("pix");
}

console.log("▸ applying migrations (prisma migrate deploy)");
execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: ["ignore", "ignore", "inherit"], env: process.env });

const { seedDemo } = await import("../prisma/seed");
const { disconnectDb } = await import("../server/db/client");
const demo = await seedDemo();
await disconnectDb();
if (embedded) {
  // migrations and the seed ran as the cluster's administrator; the processes run as the
  // platform's role, which writes the ledger only through its functions (docs/decisions/0053)
  await allowLocalAppLogin(embedded.adminUrl);
  process.env.DATABASE_URL = asAppRole(process.env.DATABASE_URL);
}
if (networkControlUrl) process.env.NETWORK_CONTROL_URL ??= networkControlUrl;

function run(name: string, script: string) {
  const child = spawn(bin("tsx"), [script], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (line: string) => `${name.padEnd(6)}| ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) console.log(prefix(line));
    });
  }
  child.on("exit", (code) => {
    console.log(prefix(`exited with code ${code}`));
    if (code !== 0) void shutdown(code ?? 1);
  });
  children.push(child);
}

if (onNetwork && process.env.NETWORK_CONTROL_URL) {
  console.log("▸ starting the PIX network simulator (SPI and DICT on loopback)");
  run("net", "server/network-simulator/main.ts");
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      if ((await fetch(`${process.env.NETWORK_CONTROL_URL}/stats`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

console.log("▸ starting web and worker");
run("web", "server/web/main.ts");
run("worker", "server/worker/main.ts");

const url = process.env.APP_URL;
for (let attempt = 0; attempt < 240; attempt++) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 500));
}

if (onNetwork) {
  // the directory makes an EVP's value: the worker registers the seed's keys, the EVP changes
  const { db } = await import("../server/db/client");
  for (let attempt = 0; attempt < 60; attempt++) {
    const key = await db().pixKey.findFirst({ where: { accountId: demo.accountId, type: "EVP" } });
    if (key?.dictRegisteredAt) {
      demo.pixKey = key.key;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await disconnectDb();
}

const secret = demo.clientSecret ?? "(shown only when first created — see `npm run cli -- apikey create`)";
console.log(`
  ┌─ PIX platform is running ───────────────────────────────────────────────
  │ Dashboard        ${url}/login
  │ API reference    ${url}/docs/api
  │ Getting started  ${url}/docs/getting-started
  │ Organisation     ${demo.organization}
  │ Owner login      ${demo.merchant.email} / ${demo.merchant.password}
  │ Support member   ${demo.support.email} / ${demo.support.password} (read-only)
  │ Second merchant  ${demo.counterparty.email} / ${demo.counterparty.password} (account ${demo.counterparty.accountId}, PIX key ${demo.counterparty.pixKey})
  │ Admin login      ${demo.admin.email} / ${demo.admin.password}
  │ Admin TOTP key   ${demo.admin.totpSecret ?? "(see prisma/demo.ts)"}
  │ Demo account     ${demo.accountId} (PIX key ${demo.pixKey})
  │ API client id    ${demo.clientId}
  │ API secret       ${secret}
  │ Webhooks         private and localhost targets allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=true)
  │ PIX rail         ${onNetwork ? `network: SPI ${process.env.SPI_URL}, DICT ${process.env.DICT_URL}, ISPB ${process.env.PSP_ISPB}` : "in-process sandbox (PIX_RAIL=sandbox)"}
  │
  │ curl -u ${demo.clientId}:${demo.clientSecret ?? "<secret>"} \\
  │      ${url}/v4/i/bank-accounts/${demo.accountId}/balance
  │
  │ API Pix          ${url}/api/pix/v2 (token: POST ${url}/api/pix/oauth/token)
  │                  a cob's "chave": ${demo.pixKey}
  └──────────────────────────────────────────────────────────────────────────
`);
