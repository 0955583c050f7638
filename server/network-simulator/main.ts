import { readFileSync } from "node:fs";
import { createNetworkSimulator } from "./app";
import { loadOrCreateIdentity } from "./signing";

/** `npm run network`: the PIX network simulator as its own process, configured by NETWORK_* variables. */
async function main(): Promise<void> {
  const env = process.env;
  const number = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === "") return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative number`);
    return parsed;
  };
  const file = (name: string) => (env[name] ? readFileSync(env[name] as string, "utf8") : undefined);
  const tlsParts = [env.NETWORK_TLS_CERT, env.NETWORK_TLS_KEY, env.NETWORK_TLS_CA];
  if (tlsParts.some(Boolean) && !tlsParts.every(Boolean)) {
    throw new Error("NETWORK_TLS_CERT, NETWORK_TLS_KEY and NETWORK_TLS_CA go together");
  }
  const identity = await loadOrCreateIdentity({
    keyPath: env.NETWORK_SIGNING_KEY,
    certPath: env.NETWORK_SIGNING_CERT,
    certOutPath: env.NETWORK_CERT_OUT,
  });
  const participantCertificatePem = file("NETWORK_PARTICIPANT_CERT");
  const simulator = await createNetworkSimulator({
    identity,
    ...(participantCertificatePem ? { participantCertificatePem } : {}),
    ...(env.NETWORK_TLS_CERT
      ? {
          tls: {
            certificatePem: file("NETWORK_TLS_CERT") as string,
            privateKeyPem: file("NETWORK_TLS_KEY") as string,
            caPem: file("NETWORK_TLS_CA") as string,
          },
        }
      : {}),
    ...(env.NETWORK_STATE_FILE ? { stateFile: env.NETWORK_STATE_FILE } : {}),
    settlementDelayMs: number("NETWORK_SETTLEMENT_DELAY_MS", 300),
    echoIntervalMs: number("NETWORK_ECHO_INTERVAL_MS", 60_000),
  });
  const { url } = await simulator.start({ port: number("NETWORK_PORT", 4100), host: env.NETWORK_HOST || "127.0.0.1" });
  console.log(
    `PIX network simulator at ${url} (SPI ${url}/spi, DICT ${url}/dict/api/v1, control ${url}/control)` +
      `${participantCertificatePem ? "; participant signatures required" : ""}`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    await simulator.stop();
    console.log(`PIX network simulator stopped (${signal})`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
