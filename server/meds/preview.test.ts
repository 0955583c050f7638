import { describe, expect, it } from "vitest";
import type { EvidenceView } from "./evidence";
import { evidencePreview } from "./preview";

const APP = "https://pix.example.invalid";
const file = (id: string, contentType: string): [string, EvidenceView] => [
  id,
  { id, fileName: `${id} do lojista`, contentType, sizeBytes: 1, url: `${APP}/api/meds/evidence/${id}?fresh` },
];
const stored = new Map([file("nota", "application/pdf"), file("foto", "image/jpeg"), file("tela", "image/png")]);
const kind = (url: string) => evidencePreview(url, APP, stored).kind;

describe("defense file previews", () => {
  it("previews the platform's own evidence files by their stored (sniffed) type", () => {
    expect(kind(`${APP}/api/meds/evidence/nota?expires=1&signature=x`)).toBe("pdf");
    expect(kind(`${APP}/api/meds/evidence/foto?expires=1&signature=x`)).toBe("image");
    expect(kind(`${APP}/api/meds/evidence/tela`)).toBe("image");
  });

  it("shows a stored file through a freshly signed link with its name, an outside one as given", () => {
    expect(evidencePreview(`${APP}/api/meds/evidence/nota?expires=1&signature=old`, APP, stored)).toEqual({
      kind: "pdf",
      url: `${APP}/api/meds/evidence/nota?fresh`,
      fileName: "nota do lojista",
    });
    expect(evidencePreview("https://files.invalid/a.pdf", APP, stored)).toEqual({
      kind: "link",
      url: "https://files.invalid/a.pdf",
      fileName: null,
    });
  });

  it("only links anything else: unknown ids, other hosts, other paths, paths climbing out, look-alikes, junk", () => {
    for (const url of [
      `${APP}/api/meds/evidence/unknown`,
      "https://files.invalid/api/meds/evidence/nota",
      `${APP}/api/statements/a/download`,
      `${APP}/api/meds/evidence/../../trpc/account.get`,
      `${APP}/api/meds/evidence/%2e%2e/%2e%2e/trpc/nota`,
      `${APP}/api/meds/evidencenota`,
      "https://pix.example.invalid.evil.test/api/meds/evidence/foto",
      "http://pix.example.invalid/api/meds/evidence/foto",
      "not a url",
    ]) {
      expect(kind(url), url).toBe("link");
    }
  });
});
