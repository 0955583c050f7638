/**
 * The transaction table's layout, done before rendering so page numbers are known in advance:
 * each cell's text wrapped to its column (by words, and inside a word too long for the column —
 * never cut), each row as tall as its tallest cell, rows filled into pages by height. Widths are
 * Helvetica's own metrics (pdf-lib's copy of the same AFM data pdfkit draws with).
 */
import { StandardFontEmbedder, StandardFonts } from "pdf-lib";
import { AMOUNT_COLUMNS, type PdfColumn } from "./pdf-cells";

export const FONT_SIZE = 7;
export const LINE_HEIGHT = 8;
/** Above and below a row's lines. */
export const ROW_PADDING = 1.5;
export const CELL_PADDING = 2;
/** A4 landscape less the page's side margins (server/statements/pdf.tsx). */
export const TABLE_WIDTH = 841.89 - 2 * 28;
/** What a page has for rows under its title and the table's head. */
export const TABLE_HEIGHT = 440;

// About points on a page with every column: an end-to-end id, a date and time in either
// language, "Em processamento" and a seven-figure amount each fit on one line.
const WEIGHTS: Record<PdfColumn, number> = {
  dateTime: 7.2,
  type: 3.4,
  description: 7.0,
  endToEndId: 15.5,
  payerReceiver: 8.5,
  payerBankInfo: 6.8,
  grossAmount: 6.0,
  fee: 5.0,
  netAmount: 6.0,
  status: 6.6,
  balance: 6.6,
};

// The enum's value is the font's name, which `for` types with a package of its own.
const helvetica = StandardFontEmbedder.for(
  StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
);
const charWidths = new Map<string, number>();

/** One character's advance; one Helvetica cannot encode counts as a "W". Cached: 10,000 rows measure a lot. */
function charWidth(char: string): number {
  let width = charWidths.get(char);
  if (width === undefined) {
    try {
      width = helvetica.widthOfTextAtSize(char, FONT_SIZE);
    } catch {
      width = helvetica.widthOfTextAtSize("W", FONT_SIZE);
    }
    charWidths.set(char, width);
  }
  return width;
}

/** Width of `text` at the table's size, kerning aside (which only narrows it). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** `text` as lines no wider than `width`: whole words where they fit, else the word broken. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  const space = charWidth(" ");
  let line = "";
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const wordWidth = textWidth(word);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    lineWidth = 0;
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    // A word wider than the column is broken across lines, never cut.
    for (const char of word) {
      const w = charWidth(char);
      if (line && lineWidth + w > width) {
        lines.push(line);
        line = "";
        lineWidth = 0;
      }
      line += char;
      lineWidth += w;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

export type ColumnBox = { column: PdfColumn; x: number; width: number; right: boolean };

/** Where each column sits across the table. */
export function columnBoxes(columns: PdfColumn[]): ColumnBox[] {
  const total = columns.reduce((sum, c) => sum + WEIGHTS[c], 0);
  let x = 0;
  return columns.map((column) => {
    const width = (TABLE_WIDTH * WEIGHTS[column]) / total;
    const box = { column, x, width, right: AMOUNT_COLUMNS.has(column) };
    x += width;
    return box;
  });
}

export type LaidRow = { lines: string[][]; height: number };

export function layoutRow(cells: string[], boxes: ColumnBox[]): LaidRow {
  const lines = cells.map((cell, i) => wrapText(cell, (boxes[i]?.width ?? TABLE_WIDTH) - 2 * CELL_PADDING));
  const tallest = Math.max(1, ...lines.map((l) => l.length));
  return { lines, height: tallest * LINE_HEIGHT + 2 * ROW_PADDING };
}

/** Rows into pages of at most TABLE_HEIGHT each, in order. */
export function paginate(rows: LaidRow[]): LaidRow[][] {
  const pages: LaidRow[][] = [];
  let page: LaidRow[] = [];
  let used = 0;
  for (const row of rows) {
    if (page.length > 0 && used + row.height > TABLE_HEIGHT) {
      pages.push(page);
      page = [];
      used = 0;
    }
    page.push(row);
    used += row.height;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}
