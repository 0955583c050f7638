/** What an upload may be, where the dashboard can read it too (the server's rules: server/uploads/file-rules.ts). */
export const UPLOAD_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** UPLOAD_FILE_MAX_BYTES unless configured otherwise. */
export const DEFAULT_UPLOAD_FILE_MAX_BYTES = 10 * 1_048_576;
