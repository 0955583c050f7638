/** The interactive API reference for both surfaces, served entirely from this host (no CDN). */
export const dynamic = "force-static";

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>API reference · PIX platform</title>
  <link rel="stylesheet" href="/docs/api/assets/swagger-ui.css" />
  <style>body { margin: 0; } .topbar a.link { pointer-events: none; }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/api/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/api/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/api/assets/reference-init.js"></script>
</body>
</html>`;

export function GET() {
  return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
}
