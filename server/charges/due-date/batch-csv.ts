/**
 * A spreadsheet of bills as a batch (the dashboard's CSV upload, docs/decisions/0034): one cobv per
 * row, read into the due-date service's input with the maths module's own schemas. A row that
 * cannot be read becomes an item refused at once (its violations name the CSV's columns); the
 * rest go to the worker like any batch item. The file as a whole is refused only when it is no
 * CSV, has no rows, more than MAX_BATCH_ITEMS, or lacks a required column.
 */
import { parse } from "csv-parse/sync";
import { invalid } from "../../errors";
import { isSafeText } from "../../fields/text";
import { CHARGE_TXID_PATTERN, newTxId } from "../ids";
import { type CreateItemInput, MAX_BATCH_ITEMS, type SubmittedItem } from "./batch";
import type { CsvRowCode } from "./batch-csv-codes";
import type { DueDateViolation } from "./refusal";
import { CobVCalendarioTerms, CobVValorTerms } from "./validate";

/** The columns, in the order of the example; the required ones first. */
export const CSV_COLUMNS = [
  "txid",
  "nome",
  "cpf_cnpj",
  "valor",
  "vencimento",
  "multa",
  "juros",
  "desconto",
  "desconto_ate",
  "email",
  "descricao",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ["nome", "cpf_cnpj", "valor", "vencimento"];

/** A file to download from the upload page: every column, two bills. */
export const CSV_EXAMPLE = [
  CSV_COLUMNS.join(";"),
  ";Maria Pagadora;123.456.789-09;150,00;2027-01-10;2;1;10,00;2027-01-05;maria@example.invalid;Mensalidade de janeiro",
  "mensalidade2027010000000000002;Empresa Exemplo Ltda;11.222.333/0001-81;1.250,00;10/01/2027;;;;;;Aluguel de janeiro",
].join("\n");

/** "1.234,56", "1234,56", "1234.56" or "150" as the API Pix's "1234.56"; null when it is none. */
function decimal2(text: string): string | null {
  const plain = text.includes(",") ? text.replaceAll(".", "").replace(",", ".") : text;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return `${match[1]}.${(match[2] ?? "").padEnd(2, "0")}`;
}

/** "2027-01-10" or "10/01/2027" as YYYY-MM-DD (validity is the schema's to judge). */
function isoDate(text: string): string {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return br ? `${br[3]}-${br[2]}-${br[1]}` : text;
}

/** Where a violation of the cobv (the worker's, or the terms schema's) falls in the CSV. */
export function csvColumnOf(propriedade: string): CsvColumn | "conta" {
  if (propriedade.startsWith("valor.original")) return "valor";
  for (const part of ["multa", "juros", "desconto"] as const) {
    if (propriedade.startsWith(`valor.${part}`) || propriedade.startsWith(part)) return part;
  }
  if (propriedade.startsWith("valor")) return "valor";
  if (propriedade.startsWith("calendario")) return "vencimento";
  if (propriedade.startsWith("devedor")) return "cpf_cnpj";
  if (propriedade === "solicitacaoPagador") return "descricao";
  if (propriedade === "chave" || propriedade === "loc.id") return "conta";
  return (CSV_COLUMNS as readonly string[]).includes(propriedade) ? (propriedade as CsvColumn) : "txid";
}

type Row = Partial<Record<CsvColumn, string>>;

export type CsvViolation = DueDateViolation & { code?: CsvRowCode };

/** One row as the service's input, or what is wrong with it. */
function itemOf(row: Row, accountId: string): SubmittedItem<CreateItemInput> {
  const violations: CsvViolation[] = [];
  const bad = (propriedade: CsvColumn, razao: string, code?: CsvRowCode) =>
    violations.push({ propriedade, razao, ...(code ? { code } : {}) });
  const cell = (column: CsvColumn) => row[column]?.trim() ?? "";
  const txId = cell("txid") || newTxId();
  if (!CHARGE_TXID_PATTERN.test(txId)) bad("txid", "O txid deve ter de 26 a 35 letras ou dígitos.", "TXID_MALFORMED");
  for (const column of REQUIRED_CSV_COLUMNS) if (!cell(column)) bad(column, "Coluna obrigatória vazia.", "REQUIRED");

  const document = cell("cpf_cnpj")
    .replace(/[.\-/\s]/g, "")
    .toUpperCase();
  if (cell("cpf_cnpj") && document.length !== 11 && document.length !== 14) {
    bad("cpf_cnpj", "Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres).", "DOCUMENT_MALFORMED");
  }
  const money = (column: CsvColumn) => {
    if (!cell(column)) return undefined;
    const value = decimal2(cell(column));
    if (value === null) bad(column, "Use um valor como 150,00 ou 150.00.", "NUMBER_MALFORMED");
    return value ?? undefined;
  };
  const original = money("valor");
  const multa = money("multa");
  const juros = money("juros");
  const desconto = money("desconto");
  const dueDate = isoDate(cell("vencimento"));
  const valor = {
    original: original ?? "",
    ...(multa ? { multa: { modalidade: 2, valorPerc: multa } } : {}),
    ...(juros ? { juros: { modalidade: 3, valorPerc: juros } } : {}),
    ...(desconto
      ? {
          desconto: {
            modalidade: 1,
            descontoDataFixa: [{ data: isoDate(cell("desconto_ate")) || dueDate, valorPerc: desconto }],
          },
        }
      : {}),
  };
  if (!violations.length) {
    const terms = CobVValorTerms.safeParse(valor);
    const calendar = CobVCalendarioTerms.safeParse({ dataDeVencimento: dueDate });
    for (const issue of terms.error?.issues ?? []) {
      const column = csvColumnOf(`valor.${issue.path.join(".")}`) as CsvColumn;
      bad(column, issue.message, issue.path.includes("data") ? "DATE_INVALID" : undefined);
    }
    for (const issue of calendar.error?.issues ?? []) bad("vencimento", issue.message, "DATE_INVALID");
  }
  if (violations.length) return { txId, request: row, violations };
  return {
    txId,
    request: row,
    input: {
      accountId,
      dueDate,
      debtor: {
        name: cell("nome"),
        ...(document.length === 11 ? { cpf: document } : { cnpj: document }),
        ...(cell("email") ? { email: cell("email") } : {}),
      },
      valor,
      ...(cell("descricao") ? { description: cell("descricao") } : {}),
    },
  };
}

/** The rows of `csv` (`;` or `,` between cells, as its header has; the header names the columns) as batch items. */
export function batchItemsOfCsv(csv: string, accountId: string): SubmittedItem<CreateItemInput>[] {
  const text = csv.replace(/^\uFEFF/, "");
  if (!isSafeText(text)) throw invalid("the file holds NUL characters or broken UTF-16", "csv", "CSV_INVALID");
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  let records: Row[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      delimiter: header.includes(";") ? ";" : ",",
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Row[];
  } catch {
    throw invalid("the file is not a CSV", "csv", "CSV_INVALID");
  }
  if (!records.length) throw invalid("the file has no rows", "csv", "CSV_EMPTY");
  if (records.length > MAX_BATCH_ITEMS) {
    throw invalid(`the file has more than ${MAX_BATCH_ITEMS} rows`, "csv", "CSV_TOO_MANY_ROWS");
  }
  const columns = Object.keys(records[0] ?? {});
  if (REQUIRED_CSV_COLUMNS.some((column) => !columns.includes(column))) {
    throw invalid(`the header must name ${REQUIRED_CSV_COLUMNS.join(", ")}`, "csv", "CSV_COLUMNS_MISSING");
  }
  return records.map((row) => itemOf(row, accountId));
}
