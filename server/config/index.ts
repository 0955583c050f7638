/**
 * All configuration, read once from the environment and validated.
 * Every limit of interface section 8 is a setting whose default is the interface's value.
 */
import { z } from "zod";
import { DEFAULT_MAX_TRANSACTION_CENTS, setTransactionLimit } from "../fields/amount";
import { DEFAULT_UPLOAD_FILE_MAX_BYTES } from "../fields/uploads";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const int = z.coerce.number().int().nonnegative();
const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

// Development and tests run without a .env; production must set every secret.
const DEV_ONLY_SECRETS = {
  AUTH_SECRET: "dev-only-auth-secret-change-me-0123456789abcdef",
  API_KEY_PEPPER: "dev-only-api-key-pepper-change-me-0123456789",
  DATA_ENCRYPTION_KEY: "ZGV2LW9ubHktZGF0YS1lbmNyeXB0aW9uLWtleS0zMmI=",
};

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: z.string().url().optional(),
    /** A streaming standby for heavy reads (statements, analytics, ledger lists, back-office lists); docs/decisions/0048. */
    DATABASE_REPLICA_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    APP_URL: z.string().url().default("http://localhost:3000"),
    PORT: int.default(3000),
    /** Web processes sharing PORT in production (node:cluster; server/web/main.ts). */
    WEB_PROCESSES: z.coerce.number().int().min(1).max(32).default(1),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    AUTH_SECRET: z.string().min(32).optional(),
    API_KEY_PEPPER: z.string().min(32).optional(),
    /** 32 bytes, base64 — encrypts HMAC signing secrets at rest (AES-256-GCM). */
    DATA_ENCRYPTION_KEY: z.string().optional(),
    /** Peers whose X-Forwarded-For is believed: IPs or IPv4 CIDRs. */
    TRUSTED_PROXIES: list.default([]),
    /** callers that see /api/health's worker detail without an admin session: IPs or IPv4 CIDRs */
    HEALTH_DETAIL_ADDRESSES: list.default(["127.0.0.1", "::1"]),
    /**
     * The PIX network (docs/decisions/0009-pix-rail.md): `sandbox`, simulated in process; `network`,
     * the SPI/DICT connector (server/pix/network/). PIX_MODE=sandbox is read as its older name.
     */
    PIX_RAIL: z.enum(["sandbox", "network"]).optional(),
    PIX_MODE: z.literal("sandbox", { error: "PIX_MODE is replaced by PIX_RAIL (sandbox | network)" }).optional(),
    PLATFORM_ISPB: z
      .string()
      .regex(/^\d{8}$/)
      .default("99999999"),
    /** this institution's ISPB on the PIX network; when set it is PLATFORM_ISPB */
    PSP_ISPB: z
      .string()
      .regex(/^\d{8}$/)
      .optional(),
    /** the SPI's message interface and the DICT API (PIX_RAIL=network; spec: docs/pix-network.md) */
    SPI_URL: z.string().url().optional(),
    DICT_URL: z.string().url().optional(),
    /** PEM files: mutual TLS towards SPI and DICT (client certificate, its key, the network's CA) */
    PIX_TLS_CERT: z.string().optional(),
    PIX_TLS_KEY: z.string().optional(),
    PIX_TLS_CA: z.string().optional(),
    /** PEM files: the key and certificate that sign every SPI message and DICT request sent */
    PIX_SIGNING_KEY: z.string().optional(),
    PIX_SIGNING_CERT: z.string().optional(),
    /** PEM file: the certificate whose signatures on received messages and DICT answers are checked */
    PIX_NETWORK_CERT: z.string().optional(),
    /** SPI streams each reading process keeps open (the SPI allows 6 per institution) */
    SPI_STREAMS: z.coerce.number().int().min(1).max(6).default(2),
    /** development and tests on the simulated network: its control API, which the sandbox endpoints drive */
    NETWORK_CONTROL_URL: z.string().url().optional(),
    PLATFORM_NAME: z.string().default("PIX Platform"),
    /** merchant city in the platform's BR Codes (field 60) */
    PLATFORM_CITY: z.string().default("SAO PAULO"),
    /** the receiver's address a due-date charge (cobv) shows, accounts having none: street, UF, CEP */
    PLATFORM_STREET: z.string().default("Avenida Paulista, 1000"),
    PLATFORM_STATE: z.string().length(2).default("SP"),
    PLATFORM_POSTAL_CODE: z
      .string()
      .regex(/^\d{8}$/)
      .default("01310100"),
    /** PKCS#8 PEM (EC P-256) signing the JWS served at charge locations; generated per process if unset */
    PIX_LOCATION_SIGNING_KEY: z.string().optional(),
    MAX_TRANSACTION_AMOUNT_CENTS: z.coerce.bigint().default(DEFAULT_MAX_TRANSACTION_CENTS),
    /**
     * PIX limits on an account's debits, its defaults until the account changes one (server/limits,
     * docs/decisions/0059-pix-limits.md); MAX_TRANSACTION_AMOUNT_CENTS stays the platform's cap.
     * Night: 20:00–06:00 São Paulo. Raises above PIX_LIMIT_RAISE_APPROVAL_CENTS wait for an operator.
     */
    PIX_LIMIT_PER_TRANSACTION_CENTS: z.coerce.bigint().default(10_000_000n),
    PIX_LIMIT_DAILY_CENTS: z.coerce.bigint().default(20_000_000n),
    PIX_LIMIT_MONTHLY_CENTS: z.coerce.bigint().default(200_000_000n),
    PIX_LIMIT_NIGHTLY_PER_TRANSACTION_CENTS: z.coerce.bigint().default(100_000n),
    PIX_LIMIT_NIGHTLY_CENTS: z.coerce.bigint().default(100_000n),
    PIX_LIMIT_RAISE_APPROVAL_CENTS: z.coerce.bigint().default(5_000_000n),
    /** the dashboard asks the person to confirm a send above this amount (R$ 10.000,00) */
    LARGE_AMOUNT_CONFIRM_CENTS: z.coerce.bigint().default(1_000_000n),
    /** a send above this amount asks for the second factor again (step-up; decision 0044): R$ 5.000,00 */
    STEP_UP_AMOUNT_CENTS: z.coerce.bigint().default(500_000n),
    /** how long a second-factor check stands before a step-up asks again */
    STEP_UP_WINDOW_SECONDS: int.default(600),
    /** whom a merchant whose account was blocked should contact (shown on its banner) */
    SUPPORT_CONTACT: z.string().min(3).default("suporte@pix-platform.local"),
    SANDBOX_SETTLEMENT_DELAY_MS: int.default(1000),
    RATE_LIMITS_ENABLED: bool.default(true),
    /**
     * How long the account surface may reuse an API key it read (ms; 0 reads it on every request).
     * Changes to a key drop it at once (docs/decisions/0057-api-key-cache.md). 5000 in production.
     */
    API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** lifetime of an API Pix access token (POST /api/pix/oauth/token) */
    API_PIX_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    /**
     * RFC 8705 certificate-bound API Pix tokens, off when unset: the request header in which the
     * TLS-terminating proxy (one of TRUSTED_PROXIES) forwards the client certificate.
     */
    API_PIX_MTLS_CERT_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "a header name")
      .transform((name) => name.toLowerCase())
      .optional(),
    ACCOUNT_RATE_GLOBAL_PER_MINUTE: int.default(1000),
    ACCOUNT_RATE_ENDPOINT_PER_MINUTE: int.default(100),
    ACCOUNT_RATE_PIX_TRANSFER_PER_MINUTE: int.default(60),
    GATEWAY_RATE_PER_MINUTE: int.default(90_000),
    /**
     * Failed dashboard sign-ins a minute before further attempts wait (successful ones never
     * count): per client address, and per account (e-mail). Counted even with RATE_LIMITS_ENABLED=false.
     */
    LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
    /** requests a minute to the public payment pages (page, live status, receipt), per client address */
    PAYMENT_PAGE_RATE_PER_MINUTE: int.default(120),
    /** failed API authentications a minute before 429: per caller address, and per client id */
    AUTH_FAILURES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    AUTH_FAILURES_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    DICT_QUOTA_PER_MINUTE: int.default(120),
    /** account programme PIX keys (interface 8): keys per person / company account, seconds between creations */
    PIX_KEYS_MAX_PERSON: int.default(5),
    PIX_KEYS_MAX_COMPANY: int.default(20),
    PIX_KEY_COOLDOWN_SECONDS: int.default(600),
    /** e-mail and phone keys: how long the code sent to the key lasts, wrong codes allowed, resends */
    PIX_KEY_CODE_TTL_SECONDS: z.coerce.number().int().min(60).default(600),
    PIX_KEY_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
    PIX_KEY_CODE_RESEND_SECONDS: int.default(60),
    PIX_KEY_CODE_MAX_SENDS: z.coerce.number().int().min(1).default(5),
    /** gateway Idempotency-Key: longest key accepted, and how long an answer is replayed */
    IDEMPOTENCY_KEY_MAX_LENGTH: z.coerce.number().int().min(1).max(256).default(256),
    IDEMPOTENCY_TTL_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(24 * 60 * 60 * 1000),
    /** per-request body limit of the JSON surfaces (/v4/i, /api/external, tRPC), refused with 413 */
    JSON_BODY_LIMIT_BYTES: int.default(1_048_576),
    /** deepest nesting of arrays/objects accepted in a JSON body (deeper → 400) */
    JSON_MAX_DEPTH: z.coerce.number().int().min(1).default(32),
    /** the web server's absolute cap by Content-Length, above every per-route limit (KYC uploads) */
    REQUEST_BODY_MAX_BYTES: int.default(30 * 1_048_576),
    /** sign-in and page form posts (everything Next serves but tRPC and uploads), 413 before reading */
    FORM_BODY_LIMIT_BYTES: int.default(16 * 1024),
    /** each uploaded file: KYC documents and MED evidence (server/uploads/file-rules.ts) */
    UPLOAD_FILE_MAX_BYTES: int.default(DEFAULT_UPLOAD_FILE_MAX_BYTES),
    /** a whole KYC upload request (two files in Base64 with room to spare) */
    ONBOARDING_UPLOAD_BODY_MAX_BYTES: int.default(28 * 1_048_576),
    /** interface section 8, per API key and hour */
    ONBOARDING_PROPOSALS_PER_HOUR: int.default(100),
    ONBOARDING_STATUS_PER_HOUR: int.default(300),
    ONBOARDING_UPLOADS_PER_HOUR: int.default(100),
    /** how long an e-mail verification link works */
    EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().int().min(1).default(48),
    /** e-mail goes out through this SMTP server (smtp://user:pass@host:port); unset = kept (sandbox) */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default("PIX Platform <no-reply@pix-platform.local>"),
    /** how long a gateway Idempotency-Key claim lasts before a retry may take it over (its process died) */
    IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
    /** idempotency claims and stored answers commit without waiting for the WAL flush (docs/decisions/0010) */
    BOOKKEEPING_ASYNC_COMMIT: bool.default(true),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
    /** test runs: webhook connections and DNS lookups reach loopback only (server/webhooks/loopback-guard.ts) */
    OUTBOUND_LOOPBACK_ONLY: bool.default(false),
    /** webhook requests in flight per worker process */
    WEBHOOK_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).default(32),
    /** how long a worker's claim on a delivery lasts; longer than any attempt's timeout */
    WEBHOOK_DELIVERY_LEASE_MS: int.default(60_000),
    /** idle poll of the delivery loop (the relay also wakes it in-process) */
    WEBHOOK_DELIVERY_POLL_MS: z.coerce.number().int().min(10).default(250),
    /** Outbox relay passes running at once in the worker (server/outbox/relay.ts). */
    OUTBOX_RELAY_LOOPS: z.coerce.number().int().min(1).max(16).default(1),
    /** group commit (docs/decisions/0022, 0023): changes per batch, and batches of a kind in flight */
    GROUP_COMMIT_MAX_CHANGES: z.coerce.number().int().min(1).max(1000).default(64),
    GROUP_COMMIT_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(2),
    /**
     * batches that write the ledger (internal transfers, gateway cash-outs) in flight per kind: one
     * gathers more per batch (docs/decisions/0022 and 0023)
     */
    LEDGER_COMMIT_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(1),
    WEBHOOK_GATEWAY_TIMEOUT_MS: int.default(30_000),
    WEBHOOK_ACCOUNT_TIMEOUT_MS: int.default(3_000),
    /** a gateway delivery whose first attempt would start later than this after creation expires */
    WEBHOOK_GATEWAY_EXPIRY_MS: int.default(5 * 60_000),
    /** consecutive failed deliveries after which an account-surface configuration is deactivated */
    WEBHOOK_ACCOUNT_DEACTIVATE_AFTER: z.coerce.number().int().min(1).default(50),
    WEBHOOK_ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
    /** where files (statements, later MED evidence and KYC documents) live: server/storage */
    STORAGE_DRIVER: z.enum(["postgres", "disk"]).default("postgres"),
    /** the directory of STORAGE_DRIVER=disk */
    STORAGE_DIR: z.string().default(".data/files"),
    /** statements and their files are deleted this many days after their request */
    STATEMENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === "production";
    const secret = (name: keyof typeof DEV_ONLY_SECRETS) => {
      const value = env[name];
      if (value) return value;
      if (production) {
        ctx.addIssue({ code: "custom", path: [name], message: `${name} is required in production` });
      }
      return DEV_ONLY_SECRETS[name];
    };
    const encryptionKey = Buffer.from(secret("DATA_ENCRYPTION_KEY"), "base64");
    if (encryptionKey.length !== 32) {
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY"],
        message: "must be 32 bytes, base64-encoded",
      });
    }
    const rail = env.PIX_RAIL ?? env.PIX_MODE ?? "sandbox";
    if (rail === "network") {
      for (const issue of networkConfigIssues(env, production)) ctx.addIssue({ code: "custom", ...issue });
    }
    return {
      ...env,
      PIX_RAIL: rail,
      API_KEY_CACHE_MS: env.API_KEY_CACHE_MS ?? (production ? 5_000 : 0),
      PLATFORM_ISPB: env.PSP_ISPB ?? env.PLATFORM_ISPB,
      AUTH_SECRET: secret("AUTH_SECRET"),
      API_KEY_PEPPER: secret("API_KEY_PEPPER"),
      dataEncryptionKey: encryptionKey,
    };
  });

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A plain-http URL on this machine (a simulator, a test): the only network allowed without TLS in production. */
export function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === "http:" && (LOOPBACK_HOSTS.has(parsed.hostname) || /^127\./.test(parsed.hostname));
}

type NetworkSettings = Partial<
  Record<
    | "PSP_ISPB"
    | "SPI_URL"
    | "DICT_URL"
    | "PIX_TLS_CERT"
    | "PIX_TLS_KEY"
    | "PIX_TLS_CA"
    | "PIX_SIGNING_KEY"
    | "PIX_SIGNING_CERT",
    string
  >
>;

/**
 * What PIX_RAIL=network needs (docs/pix-network.md §1): this institution's ISPB and both URLs; the TLS files together and the
 * signing files together; and in production TLS and signing unless both URLs are plain http on loopback.
 */
export function networkConfigIssues(env: NetworkSettings, production: boolean): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  // no default: PLATFORM_ISPB's 99999999 is the other institutions' ISPB on a simulated network (network.md §4)
  for (const name of ["PSP_ISPB", "SPI_URL", "DICT_URL"] as const) {
    if (!env[name]) issues.push({ path: [name], message: `${name} is required with PIX_RAIL=network` });
  }
  const tls = [env.PIX_TLS_CERT, env.PIX_TLS_KEY, env.PIX_TLS_CA];
  if (tls.some(Boolean) && !tls.every(Boolean)) {
    issues.push({ path: ["PIX_TLS_CERT"], message: "PIX_TLS_CERT, PIX_TLS_KEY and PIX_TLS_CA go together" });
  }
  if (Boolean(env.PIX_SIGNING_KEY) !== Boolean(env.PIX_SIGNING_CERT)) {
    issues.push({ path: ["PIX_SIGNING_KEY"], message: "PIX_SIGNING_KEY and PIX_SIGNING_CERT go together" });
  }
  if (!production || !env.SPI_URL || !env.DICT_URL) return issues;
  if (isLoopbackHttp(env.SPI_URL) && isLoopbackHttp(env.DICT_URL)) return issues;
  for (const name of ["SPI_URL", "DICT_URL"] as const) {
    if (new URL(env[name] as string).protocol !== "https:") {
      issues.push({ path: [name], message: `${name} must be https in production (plain http only on loopback)` });
    }
  }
  if (!tls.every(Boolean)) {
    issues.push({ path: ["PIX_TLS_CERT"], message: "PIX_RAIL=network needs mutual TLS in production" });
  }
  if (!env.PIX_SIGNING_KEY || !env.PIX_SIGNING_CERT) {
    issues.push({
      path: ["PIX_SIGNING_KEY"],
      message: "PIX_RAIL=network needs PIX_SIGNING_KEY and PIX_SIGNING_CERT in production",
    });
  }
  return issues;
}

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    // A variable set to nothing (`REDIS_URL=` as in a copied .env.example) means "not set".
    const set = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
    const parsed = schema.safeParse(set);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
    }
    cached = parsed.data;
    // next-auth builds its URLs (sign-in, callbacks, redirects) on NEXTAUTH_URL, read at each
    // request, and otherwise on http://localhost:3000: the platform's address is APP_URL.
    process.env.NEXTAUTH_URL = cached.APP_URL;
  }
  return cached;
}

setTransactionLimit(() => config().MAX_TRANSACTION_AMOUNT_CENTS);

/** Tests change the environment between cases; production never calls this. */
export function resetConfigForTests(): void {
  cached = undefined;
}

export function databaseUrl(): string {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm run dev starts an embedded database)");
  return url;
}
