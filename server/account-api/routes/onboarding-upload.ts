/**
 * The KYC upload body, in either encoding with the same field names (docs/contract.md):
 * multipart/form-data (file fields) or JSON with Base64 strings. The body's size is already
 * bounded (app.ts); each file's size is checked before it is decoded or copied.
 */
import type { Context } from "hono";
import { invalid } from "../../errors";
import { DOCUMENT_SIDES, type DocumentSide, DocumentTypeField, type KycDocumentType } from "../../onboarding/schema";
import { exceedsUploadLimit, fileTooLarge, uploadFileMaxBytes } from "../../uploads/file-rules";
import type { AccountApiEnv } from "../context";

export type UploadBody = { documentType: KycDocumentType; files: { side: DocumentSide; bytes: Uint8Array }[] };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const KNOWN_FIELDS = new Set<string>(["documentType", ...DOCUMENT_SIDES]);

function documentTypeOf(value: unknown): KycDocumentType {
  const parsed = DocumentTypeField.safeParse(value);
  if (!parsed.success)
    throw invalid(`documentType: must be one of ${DocumentTypeField.options.join(", ")}`, "documentType");
  return parsed.data;
}

function refuseUnknown(fields: string[]): void {
  const unknown = fields.filter((f) => !KNOWN_FIELDS.has(f));
  if (unknown.length) throw invalid(`unknown field ${unknown[0]}`, unknown[0]);
}

function decodeBase64(side: DocumentSide, value: unknown): Uint8Array {
  if (typeof value !== "string") throw invalid(`${side}: must be a Base64 string`, side);
  const data = value.replace(DATA_URL_PREFIX, "");
  if (data.length > Math.ceil(uploadFileMaxBytes() / 3) * 4) throw fileTooLarge(side);
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw invalid(`${side}: must be a Base64 string`, side);
  return Buffer.from(data, "base64");
}

async function fromJson(c: Context<AccountApiEnv>): Promise<UploadBody> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalid("Malformed JSON in request body");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw invalid("the body must be a JSON object");
  const record = body as Record<string, unknown>;
  refuseUnknown(Object.keys(record));
  const documentType = documentTypeOf(record.documentType);
  const files = DOCUMENT_SIDES.filter((side) => record[side] !== undefined && record[side] !== null).map((side) => ({
    side,
    bytes: decodeBase64(side, record[side]),
  }));
  return { documentType, files };
}

async function fromMultipart(c: Context<AccountApiEnv>): Promise<UploadBody> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw invalid("Malformed multipart/form-data body");
  }
  refuseUnknown(Object.keys(form));
  const documentType = documentTypeOf(form.documentType);
  const files: UploadBody["files"] = [];
  for (const side of DOCUMENT_SIDES) {
    const value = form[side];
    if (value === undefined) continue;
    if (!(value instanceof File)) throw invalid(`${side}: must be a file`, side);
    if (exceedsUploadLimit(value.size)) throw fileTooLarge(side);
    files.push({ side, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return { documentType, files };
}

export async function readUpload(c: Context<AccountApiEnv>): Promise<UploadBody> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return fromMultipart(c);
  if (type.includes("json")) return fromJson(c);
  throw invalid("Content-Type must be multipart/form-data or application/json");
}
