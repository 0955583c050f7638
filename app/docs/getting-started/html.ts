/**
 * The getting-started pages are plain HTML served by route handlers, like the API reference next
 * to them: no script runs, so /docs keeps the nonce-free policy of next.config.mjs.
 */

/** Text made safe for HTML. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type Snippets = { curl?: string; node?: string; python?: string };

const LABELS: Record<keyof Snippets, string> = { curl: "curl", node: "Node", python: "Python" };

/** One block per language, each labelled (no tabs: they would need a script). */
export function code(snippets: Snippets): string {
  return (Object.keys(LABELS) as (keyof Snippets)[])
    .filter((lang) => snippets[lang])
    .map(
      (lang) =>
        `<figure class="code"><figcaption>${LABELS[lang]}</figcaption><pre><code class="language-${lang}">${esc(
          snippets[lang]?.trim() ?? "",
        )}</code></pre></figure>`,
    )
    .join("\n");
}

/** A definition table of concrete values (the worked examples). */
export function values(rows: [string, string][]): string {
  return `<table class="values">${rows.map(([name, value]) => `<tr><th>${esc(name)}</th><td><code>${esc(value)}</code></td></tr>`).join("")}</table>`;
}

const STYLE = `
body { margin: 0; font: 16px/1.55 system-ui, sans-serif; color: #1f2937; background: #fff; }
header { background: #047857; color: #fff; padding: 0.75rem 1.5rem; display: flex; gap: 1.5rem; align-items: center; flex-wrap: wrap; }
header a { color: #fff; }
main { max-width: 52rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.8rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.3rem; margin-top: 2.25rem; border-bottom: 1px solid #e5e7eb; padding-bottom: 0.25rem; }
h3 { font-size: 1.05rem; margin-top: 1.5rem; }
code { font: 0.9em ui-monospace, monospace; background: #f3f4f6; padding: 0.05rem 0.25rem; border-radius: 3px; word-break: break-all; }
pre { background: #111827; color: #f9fafb; padding: 0.9rem 1rem; border-radius: 6px; overflow-x: auto; margin: 0; }
pre code { background: none; color: inherit; padding: 0; word-break: normal; white-space: pre; }
figure.code { margin: 0.75rem 0; }
figure.code figcaption { font-size: 0.8rem; font-weight: 600; color: #047857; text-transform: uppercase; letter-spacing: 0.04em; margin-bottom: 0.2rem; }
table.values { border-collapse: collapse; width: 100%; margin: 0.75rem 0; }
table.values th { text-align: left; vertical-align: top; padding: 0.35rem 0.75rem 0.35rem 0; white-space: nowrap; font-weight: 600; }
table.values td { padding: 0.35rem 0; }
.note { background: #ecfdf5; border-left: 4px solid #047857; padding: 0.6rem 0.9rem; margin: 1rem 0; }
`;

export const NAV = [
  ["/docs/getting-started", "Getting started"],
  ["/docs/getting-started/account", "Account surface (/v4/i)"],
  ["/docs/getting-started/gateway", "Gateway (/api/external)"],
  ["/docs/getting-started/api-pix", "API Pix (/api/pix/v2)"],
  ["/docs/api", "API reference"],
] as const;

/** A whole page; `body` is trusted HTML built with the helpers above. */
export function page(title: string, body: string): Response {
  const nav = NAV.map(([href, label]) => `<a href="${href}">${esc(label)}</a>`).join("");
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="robots" content="noindex" />
  <title>${esc(title)} · PIX platform</title>
  <style>${STYLE}</style>
</head>
<body>
  <header><strong>PIX platform · developers</strong><nav style="display:flex;gap:1.25rem;flex-wrap:wrap">${nav}</nav></header>
  <main>
${body}
  </main>
</body>
</html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
