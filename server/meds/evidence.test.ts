import { describe, expect, it } from "vitest";
import { evidenceKind } from "./evidence";

const APP = "https://pix.example.com";

describe("defense file previews", () => {
  it("previews the platform's own evidence files by their extension", () => {
    expect(evidenceKind(`${APP}/api/meds/evidence/abc/nota.PDF?expires=1&signature=x`, APP)).toBe("pdf");
    expect(evidenceKind(`${APP}/api/meds/evidence/abc/foto.jpeg`, APP)).toBe("image");
    expect(evidenceKind(`${APP}/api/meds/evidence/abc?expires=1&signature=x`, APP)).toBe("embed");
  });

  it("only links anything else: other hosts, other paths, paths climbing out, look-alikes, junk", () => {
    for (const url of [
      "https://example.com/api/meds/evidence/a.pdf",
      `${APP}/api/statements/a/download`,
      `${APP}/api/meds/evidence/../../trpc/account.get`,
      `${APP}/api/meds/evidence/%2e%2e/%2e%2e/trpc/x.png`,
      "https://pix.example.com.evil.test/api/meds/evidence/a.png",
      "http://pix.example.com/api/meds/evidence/a.png",
      "not a url",
    ]) {
      expect(evidenceKind(url, APP), url).toBe("link");
    }
  });
});
