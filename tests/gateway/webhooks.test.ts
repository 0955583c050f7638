import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import { call, fundedMerchant } from "../support/fixtures";
import { apiKeyAuth, get, post } from "./support";

// A public address literal: no DNS lookup needed, and not refused as a private target.
const TARGET = "https://192.0.2.1/pix-hook";

describe("gateway webhook registrations", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(0n);
  });

  it("registers with a generated 64-character secret, shown once", async () => {
    const res = await post(m, "/webhooks", { url: TARGET, events: ["pix.charge.paid", "pix.payout.confirmed"] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      url: TARGET,
      events: ["pix.charge.paid", "pix.payout.confirmed"],
      allow_insecure: false,
      active: true,
    });
    expect(res.json.secret).toMatch(/^.{64}$/);
    const listed = await get(m, "/webhooks");
    expect(listed.json.data).toEqual([expect.objectContaining({ id: res.json.id, signed: true })]);
    expect(JSON.stringify(listed.json)).not.toContain(res.json.secret);
  });

  it("refuses unknown event names with the exact message, and http without allow_insecure", async () => {
    const bad = await post(m, "/webhooks", { url: TARGET, events: ["pix.charge.paid", "foo.bar", "pix_in:credited"] });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ errors: { events: "events: contains invalid events: foo.bar, pix_in:credited" } });
    const insecure = await post(m, "/webhooks", { url: "http://192.0.2.1/hook", events: ["pix.charge.paid"] });
    expect(insecure.status).toBe(400);
    const allowed = await post(m, "/webhooks", {
      url: "http://192.0.2.1/hook",
      events: ["pix.charge.cancelled"],
      allow_insecure: true,
      secret: "my-own-secret-of-enough-length",
    });
    expect(allowed.status).toBe(201);
    expect(allowed.json.secret).toBe("my-own-secret-of-enough-length");
  });

  it("refuses private targets (SSRF)", async () => {
    for (const url of ["https://127.0.0.1/x", "https://10.0.0.5/x", "https://169.254.169.254/latest"]) {
      const res = await post(m, "/webhooks", { url, events: ["pix.charge.paid"] });
      expect(res.status, url).toBe(400);
    }
  });

  it("lists deliveries, deletes (DELETE is unsigned), and answers 404 afterwards", async () => {
    const created = await post(m, "/webhooks", { url: TARGET, events: ["pix.charge.created"] });
    const cashIn = await post(m, "/pix/cash-in", { amount: 3 });
    expect(cashIn.status).toBe(201);
    const deliveries = await get(m, `/webhooks/${created.json.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.json.pagination).toMatchObject({ page: 1, limit: 50 });

    const removed = await call(gatewayApi(), "DELETE", `/api/external/webhooks/${created.json.id}`, {
      auth: apiKeyAuth(m),
    });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: created.json.id, deleted: true });
    const again = await call(gatewayApi(), "DELETE", `/api/external/webhooks/${created.json.id}`, {
      auth: apiKeyAuth(m),
    });
    expect(again.status).toBe(404);
    expect(await db().gatewayWebhook.count({ where: { id: created.json.id, deletedAt: null } })).toBe(0);
  });

  it("counts no page for a webhook without deliveries, in either key case", async () => {
    const created = await post(m, "/webhooks", { url: TARGET, events: ["pix.charge.expired"] });
    const snake = await get(m, `/webhooks/${created.json.id}/deliveries?limit=10`);
    expect(snake.json).toEqual({ data: [], pagination: { page: 1, limit: 10, total: 0, total_pages: 0 } });
    const camel = await call(gatewayApi(), "GET", `/api/external/webhooks/${created.json.id}/deliveries?limit=10`, {
      auth: apiKeyAuth(m),
      headers: { "X-Key-Case": "camelCase" },
    });
    expect(camel.json.pagination).toEqual({ page: 1, limit: 10, total: 0, totalPages: 0 });
  });

  it("replay: 404 for an unknown event id", async () => {
    const res = await post(m, "/webhooks/deliveries/00000000-0000-4000-8000-000000000000/replay", {});
    expect(res.status).toBe(404);
  });
});
