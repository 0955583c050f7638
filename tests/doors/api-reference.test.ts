/** /docs/api shows the three surfaces' OpenAPI documents; the getting-started pages include the API Pix's. */
import { describe, expect, it } from "vitest";
import { GET as referenceAsset } from "../../app/docs/api/assets/[file]/route";
import { GET as referencePage } from "../../app/docs/api/route";
import { GET as surfacePage } from "../../app/docs/getting-started/[surface]/route";
import { GET as gettingStarted } from "../../app/docs/getting-started/route";
import { accountApi } from "../../server/account-api/app";
import { apiPixFetch } from "../../server/api-pix/surface";
import { gatewayApi } from "../../server/gateway/app";

const asset = (file: string) =>
  referenceAsset(new Request(`http://localhost/docs/api/assets/${file}`), { params: Promise.resolve({ file }) });

/** Where each document is served: the surface's own app, as the web server routes it. */
function serve(path: string): Promise<Response> | Response {
  const request = new Request(`http://localhost${path}`);
  if (path.startsWith("/v4/i/")) return accountApi().fetch(request);
  if (path.startsWith("/api/external/")) return gatewayApi().fetch(request);
  return apiPixFetch(request);
}

describe("/docs/api", () => {
  it("offers the account, gateway and API Pix documents, each served as OpenAPI without credentials", async () => {
    const init = await (await asset("reference-init.js")).text();
    const urls = [...init.matchAll(/\{ url: "([^"]+)", name: "([^"]+)" \}/g)].map(([, url, name]) => ({ url, name }));
    expect(urls).toEqual([
      { url: "/v4/i/openapi.json", name: "Account surface (/v4/i)" },
      { url: "/api/external/openapi.json", name: "Gateway surface (/api/external)" },
      { url: "/api/pix/v2/openapi.json", name: "API Pix (/api/pix/v2)" },
    ]);
    for (const { url } of urls) {
      const res = await serve(url as string);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      const document = (await res.json()) as { openapi: string; info: { title: string }; paths: object };
      expect(document.openapi).toMatch(/^3\./);
      expect(document.paths).toBeTypeOf("object");
    }
    const apiPix = (await (await serve("/api/pix/v2/openapi.json")).json()) as {
      info: { title: string };
      components: {
        securitySchemes: Record<string, { type: string; flows: { clientCredentials: { tokenUrl: string } } }>;
      };
    };
    expect(apiPix.info.title).toBe("API Pix (/api/pix/v2)");
    expect(apiPix.components.securitySchemes.oAuth?.flows.clientCredentials.tokenUrl).toBe("/api/pix/oauth/token");
  });

  it("links the getting-started pages, which include the API Pix's", async () => {
    expect(await referencePage().text()).toContain('href="/docs/getting-started"');
    const index = await gettingStarted().text();
    expect(index).toContain('href="/docs/getting-started/api-pix"');
    const page = await surfacePage(new Request("http://localhost/docs/getting-started/api-pix"), {
      params: Promise.resolve({ surface: "api-pix" }),
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of [
      "/api/pix/oauth/token",
      "/api/pix/v2/cob/$TXID",
      "/v4/i/sandbox/pix/in/dynamic-qrcode/$TXID/pay",
      "/devolucao/dev1",
      "cob.write",
    ]) {
      expect(html).toContain(text);
    }
    const account = await (
      await surfacePage(new Request("http://localhost/docs/getting-started/account"), {
        params: Promise.resolve({ surface: "account" }),
      })
    ).text();
    for (const text of ["/v4/i/charges/due-date", "/v4/i/sandbox/pix/in/due-date/", "fixedDates", "255,42"]) {
      expect(account).toContain(text);
    }
    // only reserved names and the local server in the examples
    const hosts = [...html.matchAll(/https?:\/\/([a-z0-9.-]+)/gi)].map(([, host]) => host);
    expect(
      hosts.filter((host) => !/^(localhost|[\w.-]+\.example\.invalid|pix\.bcb\.gov\.br)$/.test(host as string)),
    ).toEqual([]);
  });
});
