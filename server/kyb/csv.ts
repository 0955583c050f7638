/**
 * The screening lists as files (docs/decisions/0060-kyb-screening.md): the PEP list in the shape
 * of the CGU's (Portal da Transparência) CSV and a sanctions list (CSNU/ONU, CEIS, CNEP …).
 * `;` separated (`,` accepted for the sanctions list), UTF-8 or Latin-1 as the official files
 * come. Any row that cannot be read refuses the whole file, naming its line: nothing is loaded.
 */
import { parse } from "csv-parse/sync";
import { isValidCnpj, isValidCpf, onlyDigits } from "../documents/cpf-cnpj";
import { invalid } from "../errors";
import { isSafeText } from "../fields/text";
import { maskedCpfMiddle, nameKey } from "./normalise";
import type { ListKind } from "./score";

export const PEP_COLUMNS = [
  "CPF",
  "Nome_PEP",
  "Sigla_Funcao",
  "Descricao_Funcao",
  "Nivel_Funcao",
  "Nome_Orgao",
  "Data_Inicio_Exercicio",
  "Data_Fim_Exercicio",
  "Data_Fim_Carencia",
] as const;
export const SANCTIONS_COLUMNS = ["Nome", "CPF_CNPJ", "Lista", "Motivo", "Data_Inicio", "Data_Fim"] as const;
const REQUIRED: Record<ListKind, readonly string[]> = {
  pep: ["CPF", "Nome_PEP"],
  sanctions: ["Nome", "CPF_CNPJ", "Lista"],
};
/** Rows of one file; the CGU's full PEP list is about 130 000. */
export const MAX_LIST_ROWS = 500_000;

export type ListRow = {
  name: string;
  nameKey: string;
  document: string | null;
  cpfMiddle: string | null;
  details: Record<string, string>;
};

/** UTF-8 when the bytes are UTF-8, else Latin-1 (the Portal da Transparência's files). */
export function decodeList(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

function readRecords(text: string, kind: ListKind): Record<string, string>[] {
  const header = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = kind === "sanctions" && !header.includes(";") ? "," : ";";
  try {
    return parse(text, { bom: true, columns: true, delimiter, skip_empty_lines: true, trim: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw invalid(`file: not a readable CSV (${message})`, "file");
  }
}

function pepRow(record: Record<string, string>, line: number): ListRow {
  const name = record.Nome_PEP ?? "";
  const middle = maskedCpfMiddle(record.CPF ?? "");
  if (!name) throw invalid(`line ${line}: Nome_PEP is empty`, "file");
  if (!middle) throw invalid(`line ${line}: CPF must be masked as ***.123.456-**`, "file");
  const details = {
    function: record.Descricao_Funcao ?? "",
    functionCode: record.Sigla_Funcao ?? "",
    level: record.Nivel_Funcao ?? "",
    organ: record.Nome_Orgao ?? "",
    startedOn: record.Data_Inicio_Exercicio ?? "",
    endedOn: record.Data_Fim_Exercicio ?? "",
    graceEndsOn: record.Data_Fim_Carencia ?? "",
  };
  return { name, nameKey: nameKey(name), document: null, cpfMiddle: middle, details };
}

function sanctionsRow(record: Record<string, string>, line: number): ListRow {
  const name = record.Nome ?? "";
  const raw = record.CPF_CNPJ ?? "";
  if (!name) throw invalid(`line ${line}: Nome is empty`, "file");
  if (!record.Lista) throw invalid(`line ${line}: Lista is empty`, "file");
  if (raw && !isValidCpf(raw) && !isValidCnpj(raw)) {
    throw invalid(`line ${line}: CPF_CNPJ ${raw} is not a valid CPF or CNPJ (check digits)`, "file");
  }
  const details = {
    list: record.Lista,
    reason: record.Motivo ?? "",
    startedOn: record.Data_Inicio ?? "",
    endedOn: record.Data_Fim ?? "",
  };
  return { name, nameKey: nameKey(name), document: raw ? onlyDigits(raw) : null, cpfMiddle: null, details };
}

/** Every row of the file, or a 400 naming the first line that cannot be read. */
export function parseList(kind: ListKind, text: string): ListRow[] {
  if (!isSafeText(text)) throw invalid("file: must be text (no NUL characters)", "file");
  const records = readRecords(text, kind);
  const columns = Object.keys(records[0] ?? {});
  const missing = REQUIRED[kind].filter((c) => !columns.includes(c));
  if (records.length === 0) throw invalid("file: no rows", "file");
  if (missing.length > 0) throw invalid(`file: missing column(s) ${missing.join(", ")}`, "file");
  if (records.length > MAX_LIST_ROWS) throw invalid(`file: more than ${MAX_LIST_ROWS} rows`, "file");
  // line numbers count the header as line 1
  return records.map((record, i) => (kind === "pep" ? pepRow(record, i + 2) : sanctionsRow(record, i + 2)));
}
