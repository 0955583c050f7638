import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";
import type { AppLocale } from "../../i18n/config";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { processNextStatement } from "../../server/statements/generate";
import { type StatementRequestInput, StatementRequestSchema } from "../../server/statements/schema";
import { requestStatement } from "../../server/statements/service";
import { storage } from "../../server/storage";
import { fundedMerchant } from "../support/fixtures";

/** Text shown in a PDF of ours: inflates its streams and decodes the WinAnsi strings of TJ/Tj. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const binary = pdf.toString("latin1");
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(binary); match; match = streams.exec(binary)) {
    const start = match.index + match[0].length;
    const end = binary.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = array[1] !== undefined ? [...array[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [array[2]];
      out.push(hexes.map((h) => Buffer.from(h ?? "", "hex").toString("latin1")).join(""));
    }
  }
  return out.join("\n");
}

/** The PDF's text as poppler's pdftotext reads it (apt-get install poppler-utils), spaces plain. */
export function popplerText(pdf: Uint8Array): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf })
    .toString("utf8")
    .replace(/\u00a0/g, " ");
}

export async function readStored(key: string): Promise<Buffer> {
  const file = await storage().get(key);
  if (!file) throw new Error(`no file ${key}`);
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A merchant with `credits` incoming PIX of R$ 10,00 + i centavos. */
export async function merchantWithEntries(credits: number) {
  const { creditIncomingPix } = await import("../../server/transfers/incoming");
  const merchant = await fundedMerchant(0n);
  for (let i = 0; i < credits; i++) {
    await creditIncomingPix(db(), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      amountCents: 1000n + BigInt(i),
    });
  }
  return merchant;
}

export const deps = (workerId = "test-worker", now = () => new Date()) => ({ db: db(), pool: pool(), workerId, now });

/** Requests a statement as a service call (in `locale`, pt-BR by default) and builds it right away. */
export async function buildStatement(
  merchant: { userId: string; clientId: string },
  request: StatementRequestInput,
  locale?: AppLocale,
) {
  const { extractId } = await requestStatement(db(), {
    userId: merchant.userId,
    requestedBy: merchant.clientId,
    request: StatementRequestSchema.parse(request),
    locale,
  });
  await processNextStatement(deps(), extractId);
  return db().statement.findUniqueOrThrow({ where: { id: extractId } });
}

/** A period from an hour ago to an hour ahead, in epoch ms: it holds every entry a test just made. */
export const aroundNow = () => ({ startDate: Date.now() - 3_600_000, endDate: Date.now() + 3_600_000 });
