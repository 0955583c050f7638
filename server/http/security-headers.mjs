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
 * KYC files (app/api/onboarding/files): shown inside the back office's own pages (a PDF in a
 * frame), so framed by this origin only; they run nothing.
 */
export function kycFileHeaders() {
  return [
    {
      key: "Content-Security-Policy",
      value: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    },
    { key: "X-Frame-Options", value: "SAMEORIGIN" },
  ];
}
