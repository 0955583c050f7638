/**
 * The rules of every file a person uploads (KYC documents, MED evidence): at most
 * UPLOAD_FILE_MAX_BYTES each, and PDF, JPEG or PNG as the bytes say, never the name or the declared
 * type. One refusal code per failure: 413 PAYLOAD_TOO_LARGE, 400 UNSUPPORTED_FILE_TYPE.
 */
import { fileTypeFromBuffer } from "file-type";
import { config } from "../config";
import { AppError } from "../errors";
import { UPLOAD_CONTENT_TYPES, type UploadContentType } from "../fields/uploads";

export type { UploadContentType };

/** What file-type reads to recognise any of the accepted types. */
export const SNIFF_BYTES = 4100;

export const uploadFileMaxBytes = () => config().UPLOAD_FILE_MAX_BYTES;
export const uploadFileMaxMegabytes = () => Math.floor(uploadFileMaxBytes() / 1_048_576);

export function exceedsUploadLimit(bytes: number): boolean {
  return bytes > uploadFileMaxBytes();
}

export function fileTooLarge(field: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `${field}: file larger than ${uploadFileMaxMegabytes()} MB`, field);
}

export function unsupportedFileType(field: string): AppError {
  return new AppError("UNSUPPORTED_FILE_TYPE", `${field}: must be a JPEG, PNG or PDF file (by content)`, field);
}

/** The content type the bytes really are, when it is one we take; null otherwise. */
export async function sniffUpload(head: Uint8Array): Promise<UploadContentType | null> {
  const found = await fileTypeFromBuffer(head);
  return found && (UPLOAD_CONTENT_TYPES as readonly string[]).includes(found.mime)
    ? (found.mime as UploadContentType)
    : null;
}
