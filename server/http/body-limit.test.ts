import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { carriesBody, honoBodyLimit, readWithin } from "./body-limit";

/** A request off the wire as the Node adapter gives it: asking for its body is the cost avoided. */
function wireRequest(method: string, headers: Record<string, string>): Request {
  const request = new Request("http://x/", { method, headers });
  Object.defineProperty(request, "body", {
    get() {
      throw new Error("body was asked for");
    },
  });
  return request;
}

describe("carriesBody", () => {
  it("decides by the framing headers without asking for the body", () => {
    expect(carriesBody(wireRequest("POST", { "content-length": "12" }))).toBe(true);
    expect(carriesBody(wireRequest("POST", { "content-length": "0" }))).toBe(false);
    expect(carriesBody(wireRequest("PATCH", { "transfer-encoding": "chunked" }))).toBe(true);
    expect(carriesBody(wireRequest("GET", {}))).toBe(false);
    expect(carriesBody(wireRequest("HEAD", {}))).toBe(false);
  });

  it("asks a request built in-process, which has neither header", () => {
    expect(carriesBody(new Request("http://x/", { method: "POST", body: "{}" }))).toBe(true);
    expect(carriesBody(new Request("http://x/", { method: "POST" }))).toBe(false);
  });
});

describe("honoBodyLimit", () => {
  const app = new Hono();
  app.use("*", honoBodyLimit({ maxSize: 8, onError: (c) => c.text("too large", 413) }));
  app.post("/", async (c) => c.text(`read ${(await c.req.text()).length}`));
  app.get("/", (c) => c.text("no body"));

  it("refuses a declared length over the limit before reading, and passes one within", async () => {
    const over = await app.request(wireRequest("POST", { "content-length": "9" }));
    expect([over.status, await over.text()]).toEqual([413, "too large"]);
    const within = await app.request("http://x/", {
      method: "POST",
      body: "12345678",
      headers: { "content-length": "8" },
    });
    expect([within.status, await within.text()]).toEqual([200, "read 8"]);
  });

  it("counts a body without a declared length", async () => {
    const streamed = (text: string) =>
      app.request("http://x/", {
        method: "POST",
        body: new Blob([text]).stream(),
        // @ts-expect-error Node's fetch needs it for a stream body
        duplex: "half",
      });
    expect((await streamed("123456789")).status).toBe(413);
    expect(await (await streamed("1234")).text()).toBe("read 4");
  });

  it("lets a GET through without looking for a body", async () => {
    expect(await (await app.request(wireRequest("GET", {}))).text()).toBe("no body");
  });
});

describe("readWithin", () => {
  it("stops at the limit", async () => {
    const request = (body: string) => new Request("http://x/", { method: "POST", body });
    expect(await readWithin(request("123456789"), 8)).toBe("too-large");
    expect(new TextDecoder().decode((await readWithin(request("1234"), 8)) as Uint8Array)).toBe("1234");
  });
});
