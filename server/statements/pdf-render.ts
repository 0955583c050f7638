/**
 * Renders a PDF statement in parts and joins them (pdf-lib): the flowing sections first, then
 * the transaction table in chunks of CHUNK_PAGES pages, so no react-pdf tree ever holds more
 * than one chunk and the worker's memory stays flat whatever the period's size.
 */
import { type DocumentProps, renderToBuffer } from "@react-pdf/renderer";
import { PDFDocument } from "pdf-lib";
import { createElement, type ReactElement } from "react";

// Our components return a <Document>; react-pdf types only a bare Document element.
const asDocument = (element: ReactElement) => element as ReactElement<DocumentProps>;

import { type PdfInput, ROWS_PER_PAGE, SectionsDocument, TransactionPages } from "./pdf";

const CHUNK_PAGES = 25;

export async function renderStatementPdf(
  input: PdfInput,
  rows: string[][],
  onRows: (rendered: number) => Promise<void>,
): Promise<Uint8Array> {
  const withTable = input.options.sections.transactionTable && rows.length > 0;
  const tablePages = withTable ? Math.ceil(rows.length / ROWS_PER_PAGE) : 0;
  const { sections } = input.options;
  const hasSections = sections.summary || sections.monthlyTable || sections.monthSummary || !withTable;

  const merged = await PDFDocument.create();
  merged.setTitle(`Extrato ${input.accountId}`);
  merged.setAuthor(input.platformName);
  merged.setLanguage("pt-BR");
  merged.setCreationDate(input.generatedAt);

  const append = async (pdf: Buffer) => {
    const part = await PDFDocument.load(pdf);
    for (const page of await merged.copyPages(part, part.getPageIndices())) merged.addPage(page);
  };

  if (hasSections) {
    await append(await renderToBuffer(asDocument(createElement(SectionsDocument, { input, laterPages: tablePages }))));
  }
  const firstTablePage = merged.getPageCount() + 1;
  const totalPages = merged.getPageCount() + tablePages;
  for (let first = 0; first < tablePages; first += CHUNK_PAGES) {
    const pages: string[][][] = [];
    for (let p = first; p < Math.min(first + CHUNK_PAGES, tablePages); p++) {
      pages.push(rows.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE));
    }
    const element = createElement(TransactionPages, { input, pages, firstPage: firstTablePage + first, totalPages });
    await append(await renderToBuffer(asDocument(element)));
    await onRows(Math.min((first + CHUNK_PAGES) * ROWS_PER_PAGE, rows.length));
  }
  return merged.save();
}
