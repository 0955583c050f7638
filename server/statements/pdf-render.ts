/**
 * Renders a PDF statement in parts and joins them (pdf-lib): the flowing sections first, then
 * the transaction table in chunks of CHUNK_PAGES pages, so no react-pdf tree ever holds more
 * than one chunk and the worker's memory stays flat whatever the period's size.
 */
import { type DocumentProps, renderToBuffer } from "@react-pdf/renderer";
import { PDFDocument } from "pdf-lib";
import { createElement, type ReactElement } from "react";
import { type PdfInput, SectionsDocument, TransactionPages } from "./pdf";
import { type PdfColumn, pdfCells } from "./pdf-cells";
import { type ColumnBox, columnBoxes, type LaidRow, layoutRow, paginate } from "./pdf-layout";
import type { StatementRow } from "./rows";

// Our components return a <Document>; react-pdf types only a bare Document element.
const asDocument = (element: ReactElement) => element as ReactElement<DocumentProps>;

const CHUNK_PAGES = 25;

/** The transaction table, its rows wrapped to their columns: what the pages are made of. */
export type LaidTable = { boxes: ColumnBox[]; rows: LaidRow[] };

export function tableLayout(input: Pick<PdfInput, "intl">, columns: PdfColumn[]) {
  const boxes = columnBoxes(columns);
  const rows: LaidRow[] = [];
  return {
    add: (row: StatementRow) => rows.push(layoutRow(pdfCells(input.intl, row, columns), boxes)),
    table: (): LaidTable => ({ boxes, rows }),
  };
}

export async function renderStatementPdf(
  input: PdfInput,
  table: LaidTable,
  onRows: (rendered: number) => Promise<void>,
): Promise<Uint8Array> {
  const withTable = input.options.sections.transactionTable && table.rows.length > 0;
  const tablePages = withTable ? paginate(table.rows) : [];
  const { sections } = input.options;
  const hasSections = sections.summary || sections.monthlyTable || sections.monthSummary || !withTable;

  const merged = await PDFDocument.create();
  merged.setTitle(`${input.intl.t("statements.pdf.title")} ${input.accountId}`);
  merged.setAuthor(input.platformName);
  merged.setLanguage(input.intl.locale);
  merged.setCreationDate(input.generatedAt);

  const append = async (pdf: Buffer) => {
    const part = await PDFDocument.load(pdf);
    for (const page of await merged.copyPages(part, part.getPageIndices())) merged.addPage(page);
  };

  if (hasSections) {
    const sectionsDocument = createElement(SectionsDocument, { input, laterPages: tablePages.length });
    await append(await renderToBuffer(asDocument(sectionsDocument)));
  }
  const firstTablePage = merged.getPageCount() + 1;
  const totalPages = merged.getPageCount() + tablePages.length;
  let rendered = 0;
  for (let first = 0; first < tablePages.length; first += CHUNK_PAGES) {
    const pages = tablePages.slice(first, first + CHUNK_PAGES);
    const element = createElement(TransactionPages, {
      input,
      boxes: table.boxes,
      pages,
      firstPage: firstTablePage + first,
      totalPages,
    });
    await append(await renderToBuffer(asDocument(element)));
    rendered += pages.reduce((sum, page) => sum + page.length, 0);
    await onRows(rendered);
  }
  return merged.save();
}
