/**
 * Photos people upload carry what their camera wrote: EXIF (the phone, the time, often GPS
 * coordinates of where it was taken), XMP, IPTC. An uploaded image is re-encoded without any of it
 * (sharp writes no metadata unless asked), turned upright first as its EXIF orientation said, so
 * it still looks as it did. Nothing of the original is kept.
 */
import sharp from "sharp";
import type { UploadContentType } from "../fields/uploads";
import { unsupportedFileType } from "./file-rules";

type ImageType = Extract<UploadContentType, `image/${string}`>;

export const isImage = (contentType: UploadContentType): contentType is ImageType => contentType.startsWith("image/");

/** The image re-encoded in its own format with no metadata; an image sharp cannot read is refused. */
export async function withoutMetadata(bytes: Buffer, contentType: ImageType, field = "file"): Promise<Buffer> {
  const image = sharp(bytes, { failOn: "error" }).rotate();
  try {
    return await (contentType === "image/png" ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
  } catch {
    throw unsupportedFileType(field);
  }
}

/** Every chunk of a body in one buffer (the body is already size-limited). */
export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}
