import { describe, expect, it } from "vitest";
import { columnBoxes, layoutRow, paginate, TABLE_HEIGHT, TABLE_WIDTH, textWidth, wrapText } from "./pdf-layout";

describe("the transaction table's layout", () => {
  it("wraps long text by words within the width, losing nothing", () => {
    const name = "Comércio Varejista de Materiais de Construção e Ferragens Irmãos Albuquerque Cavalcanti Ltda";
    const lines = wrapText(name, 80);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    expect(lines.join(" ")).toBe(name);
  });

  it("breaks a word wider than the column instead of cutting it", () => {
    const id = "E2E8TBH4BPQ7UPDRVWZDNAQUFKYX9CT3";
    const lines = wrapText(id, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe(id);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(60);
  });

  it("keeps one-line cells on one line and spans the table's width", () => {
    const boxes = columnBoxes(["dateTime", "endToEndId", "status", "balance"]);
    expect(boxes.reduce((sum, b) => sum + b.width, 0)).toBeCloseTo(TABLE_WIDTH);
    expect(boxes.map((b) => b.right)).toEqual([false, false, false, true]);
    const row = layoutRow(
      ["25/11/2026 14:03", "E2E8TBH4BPQ7UPDRVWZDNAQUFKYX9CT3", "Em processamento", "R$ 1,00"],
      boxes,
    );
    expect(row.lines.map((l) => l.length)).toEqual([1, 1, 1, 1]);
  });

  it("fills pages by height: a tall row moves to the next page whole", () => {
    const short = { lines: [["a"]], height: 11 };
    const tall = { lines: [["a", "b", "c"]], height: 27 };
    const pages = paginate([...Array(39).fill(short), tall, short]);
    expect(pages[0]).toHaveLength(39);
    expect(pages[1]?.[0]).toBe(tall);
    for (const page of pages) expect(page.reduce((sum, r) => sum + r.height, 0)).toBeLessThanOrEqual(TABLE_HEIGHT);
  });
});
