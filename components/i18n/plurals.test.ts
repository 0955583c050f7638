/**
 * A count shown with a noun agrees with it in both languages ("1 entrega", "2 entregas"), through
 * ICU plurals. Two ways to get it wrong, both caught here:
 * - a count put in a sentence as a bare `{count}`: the noun cannot follow it ("0 MEDs", "1 dias");
 *   a count alone, with no noun, is written `{count, number}` (digits grouped as the reader does);
 * - a pt-BR plural with a `one` branch and no `=0`: Portuguese's `one` covers 0 too, so
 *   `{total, plural, one {# entrega} …}` reads "0 entrega".
 */
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "../../messages/en";
import ptBR from "../../messages/pt-BR";

/** Arguments that hold how many of something there are. */
const COUNT_NAMES = new Set([
  "count",
  "total",
  "max",
  "min",
  "limit",
  "days",
  "hours",
  "minutes",
  "seconds",
  "written",
]);
const isCount = (name: string) => COUNT_NAMES.has(name) || /Count$/.test(name);

function leaves(node: unknown, prefix = ""): [string, string][] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

/** Every element of a message, those inside plural and select branches included. */
function* walk(elements: MessageFormatElement[]): Generator<MessageFormatElement> {
  for (const element of elements) {
    yield element;
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) yield* walk(option.value);
    }
    if (element.type === TYPE.tag) yield* walk(element.children);
  }
}

function problems(catalogue: unknown, locale: string) {
  const found: string[] = [];
  for (const [key, text] of leaves(catalogue)) {
    for (const element of walk(parse(text, { ignoreTag: true }))) {
      if (element.type === TYPE.argument && isCount(element.value))
        found.push(`${locale} ${key}: bare {${element.value}}`);
      if (
        locale === "pt-BR" &&
        element.type === TYPE.plural &&
        element.pluralType !== "ordinal" &&
        "one" in element.options &&
        !("=0" in element.options)
      )
        found.push(`${locale} ${key}: "one" without "=0" reads "0 …" in the singular`);
    }
  }
  return found;
}

describe("counts in the messages", () => {
  it("every count is a plural, or a number when no noun follows it", () => {
    expect([...problems(ptBR, "pt-BR"), ...problems(en, "en")]).toEqual([]);
  });

  it("catches a bare count and Portuguese's zero in the singular", () => {
    expect(
      problems({ a: "{count} entregas", b: "{total, plural, one {# entrega} other {# entregas}}" }, "pt-BR"),
    ).toEqual(["pt-BR a: bare {count}", 'pt-BR b: "one" without "=0" reads "0 …" in the singular']);
    expect(
      problems({ c: "{total, plural, =0 {nenhuma entrega} one {# entrega} other {# entregas}}" }, "pt-BR"),
    ).toEqual([]);
  });
});
