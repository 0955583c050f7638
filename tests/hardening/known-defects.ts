/**
 * Known defects not yet fixed, each by name. Each allowance is as narrow as the defect:
 * the suites stay correct against the contract and go green here only because of these
 * entries. Delete an entry once its fix is merged; the suite must then pass without it.
 */

export type Allowance = "server-error-on-hostile-input" | "stuck-idempotency-key";

export type KnownDefect = { summary: string; owner: string; allows: Allowance };

export const KNOWN_DEFECTS: KnownDefect[] = [];

/** The known defect that allows this kind of failure, if one is still listed. */
export function knownDefect(allows: Allowance): KnownDefect | undefined {
  return KNOWN_DEFECTS.find((d) => d.allows === allows);
}

const HOSTILE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
  /\u0000|%00|%ED%[AB][0-9A-F]%[89AB][0-9A-F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/i;

function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (const ch of text) {
    if (ch === "[" || ch === "{") max = Math.max(max, ++depth);
    else if (ch === "]" || ch === "}") depth--;
  }
  return max;
}

/** Hostile characters in the URL or body, or deep nesting: input that must be a 4xx, never a 500. */
export function isHostileInput(url: string, body: string | undefined): boolean {
  if (HOSTILE_CHARACTERS.test(url)) return true;
  if (body === undefined) return false;
  return (
    HOSTILE_CHARACTERS.test(body) ||
    /\\u0000|\\ud[89ab][0-9a-f]{2}|\\ud[c-f][0-9a-f]{2}/i.test(body) ||
    nestingDepth(body) > 1000
  );
}
