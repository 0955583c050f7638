import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../config";
import { backoffMs } from "./backoff";
import { classify, closeTransport, send, TransportError } from "./transport";

describe("classify", () => {
  it("takes 2xx, refuses 4xx, and resends 5xx and missing answers", () => {
    expect(classify({ status: 201 })).toBe("ok");
    expect(classify({ status: 204 })).toBe("ok");
    expect(classify({ status: 400 })).toBe("refused");
    expect(classify({ status: 422 })).toBe("refused");
    expect(classify({ status: 500 })).toBe("retry");
    expect(classify({ status: 503 })).toBe("retry");
    expect(classify(new TransportError("timeout", "slow"))).toBe("retry");
    expect(classify(new TransportError("refused", "down"))).toBe("retry");
  });
});

describe("backoffMs", () => {
  it("doubles from the base, stays under the cap, and is never below half of its ceiling", () => {
    expect(backoffMs(1, { random: () => 1 })).toBe(500);
    expect(backoffMs(2, { random: () => 1 })).toBe(1000);
    expect(backoffMs(3, { random: () => 0 })).toBe(1000);
    expect(backoffMs(30, { random: () => 1 })).toBe(30_000);
    expect(backoffMs(30, { random: () => 0 })).toBe(15_000);
  });
});

describe("send", () => {
  let server: Server;
  let base: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    const requestsOn = new WeakMap<object, number>();
    server = createServer((request, response) => {
      const onThisConnection = (requestsOn.get(request.socket) ?? 0) + 1;
      requestsOn.set(request.socket, onThisConnection);
      if (request.url === "/closes-when-reused") {
        // a server that dropped the idle connection: the next request on it meets a reset
        if (onThisConnection > 1) request.socket.destroy();
        else response.end(`request 1 of its connection`);
      } else if (request.url === "/gzip") {
        expect(request.headers["accept-encoding"]).toContain("gzip");
        response.writeHead(200, { "Content-Encoding": "gzip", "Content-Type": "application/xml" });
        response.end(gzipSync("<Ok>comprimido</Ok>"));
      } else if (request.url === "/slow") {
        setTimeout(() => response.end("late"), 500);
      } else {
        let body = "";
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () => {
          response.writeHead(201, { "PI-ResourceId": "r1" });
          response.end(`${request.method} ${request.headers["content-type"]} ${body}`);
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    Object.assign(process.env, {
      PIX_RAIL: "network",
      PSP_ISPB: "12345678",
      SPI_URL: `${base}/spi`,
      DICT_URL: `${base}/dict`,
    });
    resetConfigForTests();
  });

  afterAll(async () => {
    closeTransport();
    await new Promise((resolve) => server.close(resolve));
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    resetConfigForTests();
  });

  it("posts XML and reads the answer's headers", async () => {
    const answer = await send(`${base}/msgs`, { method: "POST", body: "<Envelope/>" });
    expect(answer.status).toBe(201);
    expect(answer.headers["pi-resourceid"]).toBe("r1");
    expect(answer.body).toBe("POST application/xml; charset=utf-8 <Envelope/>");
  });

  it("reads a gzip answer", async () => {
    expect((await send(`${base}/gzip`)).body).toBe("<Ok>comprimido</Ok>");
  });

  it("gives up after the timeout, as an answer to resend", async () => {
    const failure = await send(`${base}/slow`, { timeoutMs: 50 }).catch((error) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.kind).toBe("timeout");
  });

  it("makes a call again on a fresh connection when the kept-alive one was closed", async () => {
    expect((await send(`${base}/closes-when-reused`)).body).toBe("request 1 of its connection");
    expect((await send(`${base}/closes-when-reused`)).body).toBe("request 1 of its connection");
  });

  it("says a refused connection is one", async () => {
    const failure = await send("http://127.0.0.1:9/nothing").catch((error) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.kind).toBe("refused");
    expect(classify(failure)).toBe("retry");
  });
});
