/**
 * Headers on every response Next serves (next.config.mjs, proxy.ts). Plain JavaScript:
 * next.config.mjs imports it. `frame-ancestors 'none'` (and X-Frame-Options for old browsers)
 * keeps the dashboard out of other sites' frames.
 *
 * Scripts: a page's policy carries the nonce proxy.ts draws for its request; Next puts it on its
 * own inline bootstrap scripts and its chunks, and 'strict-dynamic' lets those load the rest, so
 * an injected script (which cannot know the nonce) does not run. What is not a page (the API
 * reference, JSON, files) runs scripts of this origin only. Styles keep 'unsafe-inline': React
 * writes style attributes (the charts' among them), and a style cannot run code.
 * Development adds what React Refresh needs.
 */
export function contentSecurityPolicy(dev, nonce = null) {
  const scripts = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // stored PDFs (MED evidence, KYC documents) previewed in a frame of the back office
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
 * Headers of the files the platform stores and shows inside its own pages — MED evidence
 * (/api/meds/evidence/*) and KYC documents (/api/onboarding/files/*): the back office previews a
 * PDF in a frame, so pages of this origin (only) may frame them. They are PDF, JPEG or PNG by
 * content (file-type sniffing at upload) and served with nosniff. next.config.mjs lists them
 * after the page headers: later entries win for the same header.
 */
export function storedFileHeaders() {
  return [
    { key: "Content-Security-Policy", value: "frame-ancestors 'self'" },
    { key: "X-Frame-Options", value: "SAMEORIGIN" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "no-referrer" },
  ];
}
