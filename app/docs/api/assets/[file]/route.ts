import { readFile } from "node:fs/promises";
import path from "node:path";

const SWAGGER_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
};

// Inline scripts would need a CSP exception; this small file sets the reference up instead.
const INIT = `window.ui = SwaggerUIBundle({
  urls: [
    { url: "/v4/i/openapi.json", name: "Account surface (/v4/i)" },
    { url: "/api/external/openapi.json", name: "Gateway surface (/api/external)" },
    { url: "/api/pix/v2/openapi.json", name: "API Pix (/api/pix/v2)" }
  ],
  dom_id: "#reference",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout"
});`;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (file === "reference-init.js") {
    return new Response(INIT, { headers: { "content-type": "text/javascript; charset=utf-8" } });
  }
  const type = SWAGGER_FILES[file];
  if (!type) return new Response("Not found", { status: 404 });
  const body = await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
  return new Response(body, { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}
