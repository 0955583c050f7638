import { describe, expect, it } from "vitest";
import { sniffUpload } from "./file-rules";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("sniffUpload", () => {
  it("recognises PDF, PNG and JPEG by their bytes", async () => {
    expect(await sniffUpload(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"))).toBe("application/pdf");
    expect(await sniffUpload(PNG)).toBe("image/png");
    expect(await sniffUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBe(
      "image/jpeg",
    );
  });

  it("refuses what is not one of them, whatever it claims to be", async () => {
    expect(await sniffUpload(Buffer.from("<!doctype html><html><body>not a pdf</body></html>"))).toBeNull();
    expect(await sniffUpload(Buffer.from("plain text named .pdf"))).toBeNull();
    expect(await sniffUpload(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))).toBeNull(); // an image, but not ours
    expect(await sniffUpload(Buffer.from("PK\x03\x04\x14\x00\x00\x00"))).toBeNull(); // zip
    expect(await sniffUpload(new Uint8Array(0))).toBeNull();
  });
});
