/**
 * The back office's words for a refused list file (POST /api/admin/kyb/lists): the sentence the
 * operator reads, in the dashboard's language, for each refusal ./lists.ts and ./csv.ts throw.
 * Those keep their English messages (the CLI prints them); a message this file does not know
 * is shown as it is.
 */
import type { AppLocale } from "../../i18n/config";
import { AppError } from "../errors";
import { MAX_LIST_BYTES } from "./lists";

type Words = { pt: (...m: string[]) => string; en: (...m: string[]) => string };

const MEGABYTES = MAX_LIST_BYTES / 1_048_576;

/** The door's own refusals, before a file reaches loadList. */
export const DOOR_REFUSALS = {
  tooLarge: {
    pt: () => `O arquivo passa do limite de ${MEGABYTES} MB.`,
    en: () => `The file is larger than ${MEGABYTES} MB.`,
  },
  notMultipart: {
    pt: () => "Envie o arquivo como formulário (multipart/form-data), no campo “file”.",
    en: () => "Send the file as a form (multipart/form-data), in the “file” field.",
  },
  noFile: { pt: () => "Escolha um arquivo CSV.", en: () => "Choose a CSV file." },
  kind: {
    pt: () => "Informe o tipo da lista: PEP ou sanções.",
    en: () => "Say which list it is: PEP or sanctions.",
  },
} satisfies Record<string, Words>;

/** The messages of ./lists.ts and ./csv.ts, by pattern; the groups are passed to the sentence. */
const PATTERNS: [RegExp, Words][] = [
  [/^file: empty file$/, { pt: () => "O arquivo está vazio.", en: () => "The file is empty." }],
  [/^file: larger than/, DOOR_REFUSALS.tooLarge],
  [
    /^file: must be a CSV text file \(is (.+)\)$/,
    {
      pt: (mime) => `O arquivo precisa ser um CSV em texto, mas o conteúdo é ${mime}.`,
      en: (mime) => `The file must be a CSV text file, but its content is ${mime}.`,
    },
  ],
  [
    /^file: must be text/,
    {
      pt: () => "O arquivo precisa ser texto: ele tem bytes de um arquivo binário.",
      en: () => "The file must be text: it holds a binary file's bytes.",
    },
  ],
  [
    /^file: not a readable CSV \((.*)\)$/,
    {
      pt: (detail) => `Não foi possível ler o arquivo como CSV (${detail}).`,
      en: (detail) => `The file cannot be read as CSV (${detail}).`,
    },
  ],
  [/^file: no rows$/, { pt: () => "O arquivo não tem linhas.", en: () => "The file has no rows." }],
  [
    /^file: missing column\(s\) (.+)$/,
    {
      pt: (cols) => `Faltam colunas no cabeçalho: ${cols}.`,
      en: (cols) => `The header lacks column(s): ${cols}.`,
    },
  ],
  [
    /^file: more than (\d+) rows$/,
    {
      pt: (n) => `O arquivo passa de ${Number(n).toLocaleString("pt-BR")} linhas.`,
      en: (n) => `The file has more than ${Number(n).toLocaleString("en")} rows.`,
    },
  ],
  [
    /^line (\d+): (\w+) is empty$/,
    {
      pt: (line, col) => `Linha ${line}: a coluna ${col} está vazia. Nada foi carregado.`,
      en: (line, col) => `Line ${line}: column ${col} is empty. Nothing was loaded.`,
    },
  ],
  [
    /^line (\d+): CPF must be masked/,
    {
      pt: (line) => `Linha ${line}: o CPF precisa vir mascarado como ***.123.456-**. Nada foi carregado.`,
      en: (line) => `Line ${line}: the CPF must be masked as ***.123.456-**. Nothing was loaded.`,
    },
  ],
  [
    /^line (\d+): CPF_CNPJ (.+) is not a valid CPF or CNPJ/,
    {
      pt: (line, doc) =>
        `Linha ${line}: ${doc} não é um CPF nem um CNPJ válido (dígitos verificadores). Nada foi carregado.`,
      en: (line, doc) => `Line ${line}: ${doc} is not a valid CPF or CNPJ (check digits). Nothing was loaded.`,
    },
  ],
];

export function doorRefusal(code: AppError["code"], key: keyof typeof DOOR_REFUSALS, locale: AppLocale): AppError {
  const words = DOOR_REFUSALS[key];
  return new AppError(code, locale === "en" ? words.en() : words.pt(), "file");
}

/** The same refusal with its message in the reader's language; anything but a 4xx AppError is passed on. */
export function localisedRefusal(error: unknown, locale: AppLocale): unknown {
  if (!(error instanceof AppError) || error.status >= 500) return error;
  for (const [pattern, words] of PATTERNS) {
    const match = pattern.exec(error.message);
    if (!match) continue;
    const groups = match.slice(1) as string[];
    const message = locale === "en" ? words.en(...groups) : words.pt(...groups);
    return new AppError(error.code, message, error.field, error.reason);
  }
  return error;
}
