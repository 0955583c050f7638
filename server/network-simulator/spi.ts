import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import type { NetworkContext } from "./context";
import { ISPB_PATTERN, newResourceId } from "./ids";
import { checkMessage, type FieldViolation } from "./message-rules";
import { applyParticipantMessage } from "./participant-messages";
import type { ReceivedMessage } from "./records";
import { type SignatureCheck, signatureRefused, verifyXml } from "./signing";
import { type ReceivedEnvelope, readEnvelope, WrongEnvelope } from "./spi-messages";
import { type PullResult, TooManyStreams, UnknownStream } from "./stream";
import { UnreadableXml } from "./xml";

const MAX_BODY_BYTES = 1_000_000;

/** Reason codes of the admi.002 the SPI sends (ISO 20022 external status reasons). */
export const REJECTION_CODES = {
  signatureMissing: "DS0A",
  signatureInvalid: "DS0B",
  senderMismatch: "RC08",
  invalidFields: "FF01",
} as const;

class RefusedBody extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** The SPI's message interface (docs/network-simulator.md), mounted at /spi. */
export function spiRoutes(context: NetworkContext): Hono {
  const app = new Hono();

  app.post("/api/v1/out/:ispb/msgs", async (c) => {
    const ispb = c.req.param("ispb");
    if (!ISPB_PATTERN.test(ispb)) return c.text("the ISPB in the path must be 8 digits", 404);
    let text: string;
    let envelope: ReceivedEnvelope;
    try {
      text = await readBody(c.req.raw);
      envelope = readEnvelope(text);
    } catch (error) {
      if (error instanceof RefusedBody) return c.text(error.message, error.status);
      if (error instanceof UnreadableXml || error instanceof WrongEnvelope) return c.text(error.message, 400);
      throw error;
    }
    context.records.participants.add(ispb);
    const earlier = context.records.findReceived(ispb, envelope.bizMsgIdr);
    if (earlier) {
      earlier.resends++;
      return c.body(null, 201, { "PI-ResourceId": earlier.resourceId });
    }
    const message = receive(context, ispb, text, envelope);
    return c.body(null, 201, { "PI-ResourceId": message.resourceId });
  });

  app.get("/api/v1/in/:ispb/stream/start", async (c) => {
    const ispb = c.req.param("ispb");
    if (!ISPB_PATTERN.test(ispb)) return c.text("the ISPB in the path must be 8 digits", 404);
    let streamId: string;
    try {
      streamId = context.hub.openStream(ispb);
    } catch (error) {
      if (error instanceof TooManyStreams) return c.text("too many open streams for this ISPB", 429);
      throw error;
    }
    context.records.participants.add(ispb);
    return answerPull(ispb, streamId, await context.hub.pull(ispb, streamId, c.req.raw.signal));
  });

  app.get("/api/v1/in/:ispb/stream/:streamId", async (c) => {
    const { ispb, streamId } = c.req.param();
    try {
      return answerPull(ispb, streamId, await context.hub.pull(ispb, streamId, c.req.raw.signal));
    } catch (error) {
      if (error instanceof UnknownStream) return c.text("no such open stream", 404);
      throw error;
    }
  });

  app.delete("/api/v1/in/:ispb/stream/:streamId", (c) => {
    const { ispb, streamId } = c.req.param();
    try {
      context.hub.close(ispb, streamId);
    } catch (error) {
      if (error instanceof UnknownStream) return c.text("no such open stream", 404);
      throw error;
    }
    return c.body(null, 204);
  });

  return app;
}

function answerPull(ispb: string, streamId: string, result: PullResult): Response {
  const pullNext = `/api/v1/in/${ispb}/stream/${streamId}`;
  if (result.kind === "closed") return new Response("the stream was closed", { status: 410 });
  if (result.kind === "empty") return new Response(null, { status: 204, headers: { "PI-PullNext": pullNext } });
  return new Response(result.message.xml, {
    status: 200,
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "PI-ResourceId": result.message.resourceId,
      "PI-PullNext": pullNext,
    },
  });
}

async function readBody(request: Request): Promise<string> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/xml\b/i.test(contentType)) throw new RefusedBody(415, "Content-Type must be application/xml");
  let bytes = Buffer.from(await request.arrayBuffer());
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding === "gzip") {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_BODY_BYTES });
    } catch {
      throw new RefusedBody(400, "the body is not valid gzip, or is too large once unpacked");
    }
  } else if (encoding !== "identity") {
    throw new RefusedBody(415, `Content-Encoding ${encoding} is not supported (gzip is)`);
  }
  if (bytes.length > MAX_BODY_BYTES) throw new RefusedBody(413, "the message is too large");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new RefusedBody(400, "the body is not UTF-8");
  }
}

/** Checks a readable message, records it, and either applies it or answers it with admi.002. */
function receive(context: NetworkContext, ispb: string, text: string, envelope: ReceivedEnvelope): ReceivedMessage {
  const trusted = context.participantCertificatePem;
  const signature = verifyXml(text, "spi-message", trusted);
  const violations = checkMessage(envelope, ispb);
  const senderMatches = envelope.fromIspb === ispb;
  if (!senderMatches) {
    violations.unshift({
      field: "AppHdr/Fr/FIId/FinInstnId/Othr/Id",
      problem: `must be the path's ISPB ${ispb}`,
      value: envelope.fromIspb,
    });
  }
  const message: ReceivedMessage = {
    resourceId: newResourceId(),
    ispb,
    type: envelope.type,
    bizMsgIdr: envelope.bizMsgIdr,
    receivedAt: new Date().toISOString(),
    signature,
    violations,
    outcome: "applied",
    notes: [],
    resends: 0,
  };
  context.records.recordReceived(message);

  const refusal = refusalOf(signature, signatureRefused(signature, trusted), senderMatches, violations);
  if (!refusal) {
    const result = applyParticipantMessage(envelope, ispb, context.records, context.settlement);
    message.notes.push(...result.notes);
    if (result.reference) message.reference = result.reference;
    if (result.violations.length === 0) {
      if (result.ignored) message.outcome = "noted";
      return message;
    }
    message.violations.push(...result.violations);
    message.outcome = "refused";
    context.settlement.rejectMessage(
      ispb,
      envelope.bizMsgIdr,
      REJECTION_CODES.invalidFields,
      summarise(result.violations),
    );
    return message;
  }
  message.outcome = "refused";
  context.settlement.rejectMessage(ispb, envelope.bizMsgIdr, refusal.code, refusal.text);
  return message;
}

function refusalOf(
  signature: SignatureCheck,
  signatureIsRefused: boolean,
  senderMatches: boolean,
  violations: FieldViolation[],
): { code: string; text: string } | undefined {
  if (signatureIsRefused) {
    return signature.status === "absent"
      ? { code: REJECTION_CODES.signatureMissing, text: "the message is not signed" }
      : {
          code: REJECTION_CODES.signatureInvalid,
          text: `the signature does not verify: ${signature.status === "invalid" ? signature.reason : signature.status}`,
        };
  }
  if (!senderMatches)
    return { code: REJECTION_CODES.senderMismatch, text: "AppHdr/Fr is not the ISPB the message was sent for" };
  if (violations.length > 0) return { code: REJECTION_CODES.invalidFields, text: summarise(violations) };
  return undefined;
}

function summarise(violations: FieldViolation[]): string {
  const listed = violations.slice(0, 5).map((violation) => `${violation.field} ${violation.problem}`);
  const more = violations.length > 5 ? ` (and ${violations.length - 5} more)` : "";
  return `${listed.join("; ")}${more}`;
}
