import { describe, expect, it } from "vitest";
import en from "../../messages/en";
import ptBR from "../../messages/pt-BR";

/** Every leaf of a catalogue as "a.b.c" → its text. */
function leaves(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) out.set(leaf, text);
  }
  return out;
}

/** The ICU arguments a message uses ({name}, {count, plural, ...}: lower camel case, unlike branch texts), sorted. */
function argumentsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([a-z]\w*)\s*[,}]/g)].map((match) => match[1] ?? ""))].sort();
}

describe("message catalogues", () => {
  const pt = leaves(ptBR);
  const english = leaves(en);

  it("have the same keys (pt-BR is the reference)", () => {
    expect([...english.keys()].filter((key) => !pt.has(key))).toEqual([]);
    expect([...pt.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("use the same arguments in both languages", () => {
    const different = [...pt]
      .filter(
        ([key, text]) => english.has(key) && argumentsOf(text).join() !== argumentsOf(english.get(key) ?? "").join(),
      )
      .map(([key]) => key);
    expect(different).toEqual([]);
  });

  it("name a file size limit through its setting (UPLOAD_FILE_MAX_BYTES), never as a number", () => {
    const literal = /\d\s*(?:KB|MB|MiB|GB)\b/;
    const sizes = [...pt, ...english].filter(([, text]) => literal.test(text));
    expect(sizes.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
