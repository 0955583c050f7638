/** Downloaded PDFs, checked as a person would open them. */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { type Download, expect } from "@playwright/test";

/**
 * Keeps the download as e2e/screenshots/<name>.pdf, checks it is a PDF, and renders its first page
 * with pdftoppm to e2e/screenshots/<image>.png at `dpi`, which must hold more than a blank page.
 */
export async function renderFirstPage(download: Download, name: string, image: string, dpi: number): Promise<void> {
  const file = `e2e/screenshots/${name}.pdf`;
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  const png = `e2e/screenshots/${image}`;
  execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", file, png]);
  expect(statSync(`${png}.png`).size).toBeGreaterThan(10_000);
}
