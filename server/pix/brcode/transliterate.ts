// Letters that NFD does not decompose into a base letter plus marks.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ł: "l",
  Ł: "L",
};

const SPECIAL_LETTER_PATTERN = /[ßæÆœŒøØđĐłŁ]/g;
const COMBINING_MARKS = /\p{M}/gu;
const WHITESPACE_RUN = /\s+/gu;
const DISALLOWED = /[^A-Za-z0-9 .,\-'&/()]/g;
const SPACE_RUN = / {2,}/g;

/**
 * Reduces text to the conservative character set every bank app renders:
 * A-Z a-z 0-9, space and . , - ' & / ( ). Accents are stripped (NFD), other
 * characters dropped, whitespace collapsed; the result is cut to `maxLength`.
 */
export function transliterate(input: string, maxLength?: number): string {
  const cleaned = input
    .replace(SPECIAL_LETTER_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? "")
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .replace(WHITESPACE_RUN, " ")
    .replace(DISALLOWED, "")
    .replace(SPACE_RUN, " ")
    .trim();
  if (maxLength === undefined) return cleaned;
  return cleaned.slice(0, Math.max(0, maxLength)).trimEnd();
}
