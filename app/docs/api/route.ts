/** The interactive API reference for the three surfaces, served entirely from this host (no CDN). */
export const dynamic = "force-static";

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>API reference · PIX platform</title>
  <link rel="stylesheet" href="/docs/api/assets/swagger-ui.css" />
  <style>body { margin: 0; } .topbar a.link { pointer-events: none; }
  .guides { font: 14px system-ui, sans-serif; padding: 0.5rem 1rem; background: #ecfdf5; }</style>
</head>
<body>
  <nav class="guides">New here? <a href="/docs/getting-started">Getting started</a>: a key, the first call, a charge paid in the sandbox, webhooks, how the gateway's HMAC is computed, and the API Pix.</nav>
  <div id="reference"></div>
  <script src="/docs/api/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/api/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/api/assets/reference-init.js"></script>
</body>
</html>`;

export function GET() {
  return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
}
