/**
 * KYC files as they arrive: sides allowed by the document type, size at most
 * ONBOARDING_FILE_MAX_BYTES, and the type read from the content (file-type), never from a name
 * or a declared Content-Type.
 */
import { fileTypeFromBuffer } from "file-type";
import { config } from "../config";
import { AppError, invalid } from "../errors";
import { type DocumentSide, FILE_TYPES, type KycDocumentType, REQUIRED_FILES } from "./schema";

export type IncomingFile = { side: DocumentSide; bytes: Uint8Array };
export type CheckedFile = IncomingFile & { contentType: (typeof FILE_TYPES)[number] };

export function tooLarge(side: string): AppError {
  const mb = Math.floor(config().ONBOARDING_FILE_MAX_BYTES / 1_048_576);
  return new AppError("PAYLOAD_TOO_LARGE", `${side}: file larger than ${mb} MB`, side);
}

export async function checkFiles(documentType: KycDocumentType, files: IncomingFile[]): Promise<CheckedFile[]> {
  if (files.length === 0) throw invalid(`send at least one of ${REQUIRED_FILES[documentType].join(", ")}`);
  const allowed: readonly DocumentSide[] = REQUIRED_FILES[documentType];
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (!allowed.includes(file.side)) {
      throw invalid(`${file.side}: not a file of ${documentType} (it takes ${allowed.join(", ")})`, file.side);
    }
    if (file.bytes.length === 0) throw invalid(`${file.side}: empty file`, file.side);
    if (file.bytes.length > config().ONBOARDING_FILE_MAX_BYTES) throw tooLarge(file.side);
    const mime = (await fileTypeFromBuffer(file.bytes))?.mime;
    if (!mime || !(FILE_TYPES as readonly string[]).includes(mime)) {
      throw invalid(`${file.side}: must be a JPEG, PNG or PDF file (by content)`, file.side);
    }
    if (file.side === "documentPdf" && mime !== "application/pdf")
      throw invalid("documentPdf: must be a PDF", file.side);
    if (file.side === "selfie" && mime === "application/pdf")
      throw invalid("selfie: must be a JPEG or PNG image", file.side);
    checked.push({ ...file, contentType: mime as CheckedFile["contentType"] });
  }
  return checked;
}

/** The first document type whose every required file is in, or null. */
export function completeType(files: { documentType: string; side: string }[]): KycDocumentType | null {
  for (const [type, sides] of Object.entries(REQUIRED_FILES)) {
    const have = new Set(files.filter((f) => f.documentType === type).map((f) => f.side));
    if (sides.every((side) => have.has(side))) return type as KycDocumentType;
  }
  return null;
}
