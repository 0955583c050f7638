/**
 * Headers on every page Next serves (next.config.mjs). Plain JavaScript: next.config.mjs
 * imports it. `frame-ancestors 'none'` (and X-Frame-Options for old browsers) keeps the dashboard
 * out of other sites' frames. Next's own inline bootstrap scripts need 'unsafe-inline' until
 * pages carry per-request nonces; development adds what React Refresh needs.
 */
export function contentSecurityPolicy(dev) {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // MED evidence (PDF) previewed in a frame of the back office: /api/meds/evidence/*
    "frame-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(dev) {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(dev) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  ];
}

/**
 * Headers of the signed MED evidence files (/api/meds/evidence/*): the page headers, except that
 * pages of this origin may frame them (the back office previews a PDF inline). The files are PDF,
 * JPEG or PNG by content (server/meds/evidence.ts) and served with nosniff.
 */
export function evidenceFileHeaders() {
  return [
    { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
    { key: "X-Frame-Options", value: "SAMEORIGIN" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "no-referrer" },
  ];
}
