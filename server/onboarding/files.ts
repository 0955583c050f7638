/** KYC files as they arrive: sides allowed by the document type, then the rules of every upload. */
import { invalid } from "../errors";
import {
  exceedsUploadLimit,
  fileTooLarge,
  sniffUpload,
  type UploadContentType,
  unsupportedFileType,
} from "../uploads/file-rules";
import { type DocumentSide, type KycDocumentType, REQUIRED_FILES } from "./schema";

export type IncomingFile = { side: DocumentSide; bytes: Uint8Array };
export type CheckedFile = IncomingFile & { contentType: UploadContentType };

export async function checkFiles(documentType: KycDocumentType, files: IncomingFile[]): Promise<CheckedFile[]> {
  if (files.length === 0) throw invalid(`send at least one of ${REQUIRED_FILES[documentType].join(", ")}`);
  const allowed: readonly DocumentSide[] = REQUIRED_FILES[documentType];
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (!allowed.includes(file.side)) {
      throw invalid(`${file.side}: not a file of ${documentType} (it takes ${allowed.join(", ")})`, file.side);
    }
    if (file.bytes.length === 0) throw invalid(`${file.side}: empty file`, file.side);
    if (exceedsUploadLimit(file.bytes.length)) throw fileTooLarge(file.side);
    const mime = await sniffUpload(file.bytes);
    if (!mime) throw unsupportedFileType(file.side);
    if (file.side === "documentPdf" && mime !== "application/pdf")
      throw invalid("documentPdf: must be a PDF", file.side);
    if (file.side === "selfie" && mime === "application/pdf")
      throw invalid("selfie: must be a JPEG or PNG image", file.side);
    checked.push({ ...file, contentType: mime });
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
