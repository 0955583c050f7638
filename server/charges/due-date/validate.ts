/**
 * Whether a cobv's `calendario` and `valor` are well formed, in the API Pix's words: each refusal
 * is a violation `{ propriedade, razao }` whose property is a path such as
 * `cobv.valor.multa.modalidade` (the CobVOperacaoInvalida list, the parts about dates and money).
 * Well-formed terms come out as the integer DueDateTerms the maths reads.
 *
 * Our own bounds beyond the spec (decision 0032): a fine or interest percentage above 100.00 %, and
 * validadeAposVencimento above MAX_VALIDITY_DAYS; fixed-date discounts must come in increasing
 * date order (the spec only asks for distinct dates).
 */
import { z } from "zod";
import { isCalendarDay } from "../../time";
import { type CalendarDate, dayNumber } from "./calendar";
import {
  DEFAULT_VALIDITY_DAYS,
  type Desconto,
  type DueDateTerms,
  hundredthsOf,
  MAX_FIXED_DATE_DISCOUNTS,
  ONE_HUNDRED_PERCENT,
} from "./terms";

/** Ten years after the due date: far enough for any bill, near enough for date arithmetic. */
export const MAX_VALIDITY_DAYS = 3650;

export interface TermsViolation {
  propriedade: string;
  razao: string;
}

/** The API Pix money and percentage shape: "0.00" to "9999999999.99". */
export const Decimal2 = z.string().regex(/^\d{1,10}\.\d{2}$/, "deve ter o formato \\d{1,10}\\.\\d{2}");

/** A calendar day YYYY-MM-DD that exists (`format: date` in the OpenAPI documents). */
const NOT_A_DAY = "deve ser uma data YYYY-MM-DD existente";
export const IsoDate = z.iso
  .date(NOT_A_DAY)
  .refine(isCalendarDay, { message: NOT_A_DAY, when: (payload) => payload.issues.length === 0 });

/**
 * An integer modality, as the spec's schema says (its example cobBody1 writes "2", which is
 * refused: decision 0035).
 */
const modalidade = (max: number) =>
  z.int("deve ser um número inteiro").min(1, `deve estar entre 1 e ${max}`).max(max, `deve estar entre 1 e ${max}`);

export const CobVCalendarioTerms = z.object({
  dataDeVencimento: IsoDate,
  validadeAposVencimento: z.int().optional(),
});

export const CobVValorTerms = z.object({
  original: Decimal2,
  multa: z.object({ modalidade: modalidade(2), valorPerc: Decimal2 }).optional(),
  juros: z.object({ modalidade: modalidade(8), valorPerc: Decimal2 }).optional(),
  abatimento: z.object({ modalidade: modalidade(2), valorPerc: Decimal2 }).optional(),
  desconto: z
    .object({
      modalidade: modalidade(6),
      valorPerc: Decimal2.optional(),
      descontoDataFixa: z
        .array(z.object({ data: IsoDate, valorPerc: Decimal2 }))
        .max(MAX_FIXED_DATE_DISCOUNTS, `admite no máximo ${MAX_FIXED_DATE_DISCOUNTS} elementos`)
        .nullish(),
    })
    .optional(),
});

/** The part of a cobv request the maths cares about; other fields are left to the request schema. */
export const CobVTermsInput = z.object({ calendario: CobVCalendarioTerms, valor: CobVValorTerms });
export type CobVTermsInput = z.infer<typeof CobVTermsInput>;

export type ReadTermsResult = { ok: true; terms: DueDateTerms } | { ok: false; violations: TermsViolation[] };

/**
 * Reads and checks a cobv's terms. `createdOn` is the São Paulo day the charge is created (a due
 * date before it is refused); `prefix` names the object in the request ("cobv." by default).
 */
export function readTerms(input: unknown, options: { createdOn: CalendarDate; prefix?: string }): ReadTermsResult {
  const prefix = options.prefix ?? "cobv.";
  const parsed = CobVTermsInput.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      violations: parsed.error.issues.map((issue) => {
        const propriedade = `${prefix}${issue.path.join(".")}`.replace(/\.$/, "");
        return { propriedade, razao: `O campo ${propriedade} não respeita o schema: ${issue.message}.` };
      }),
    };
  }
  const violations = termViolations(parsed.data, options.createdOn).map(({ path, razao }) => ({
    propriedade: `${prefix}${path}`,
    razao,
  }));
  return violations.length ? { ok: false, violations } : { ok: true, terms: toTerms(parsed.data) };
}

type Found = { path: string; razao: string };

/** The meaning checks, once the shape is right. */
export function termViolations(input: CobVTermsInput, createdOn: CalendarDate): Found[] {
  const found: Found[] = [];
  const { calendario, valor } = input;
  const due = dayNumber(calendario.dataDeVencimento);

  if (due < dayNumber(createdOn)) {
    found.push({
      path: "calendario.dataDeVencimento",
      razao: "A data de vencimento é anterior à criação da cobrança.",
    });
  }
  const validity = calendario.validadeAposVencimento;
  if (validity !== undefined && validity < 0) {
    found.push({ path: "calendario.validadeAposVencimento", razao: "A validade após o vencimento é negativa." });
  } else if (validity !== undefined && validity > MAX_VALIDITY_DAYS) {
    found.push({
      path: "calendario.validadeAposVencimento",
      razao: `A validade após o vencimento passa de ${MAX_VALIDITY_DAYS} dias.`,
    });
  }

  const original = hundredthsOf(valor.original);
  if (original === 0n) found.push({ path: "valor.original", razao: "O valor original é zero." });

  for (const key of ["multa", "juros"] as const) {
    const item = valor[key];
    const isPercent = item && (key === "multa" ? item.modalidade === 2 : ![1, 5].includes(item.modalidade));
    if (item && isPercent && hundredthsOf(item.valorPerc) > ONE_HUNDRED_PERCENT) {
      found.push({ path: `valor.${key}.valorPerc`, razao: `O percentual de ${key} passa de 100%.` });
    }
  }

  if (valor.abatimento) {
    const value = hundredthsOf(valor.abatimento.valorPerc);
    const limit = valor.abatimento.modalidade === 1 ? original : ONE_HUNDRED_PERCENT;
    if (value >= limit) {
      found.push({
        path: "valor.abatimento.valorPerc",
        razao: "O abatimento é maior ou igual ao valor original (ou a 100%).",
      });
    }
  }

  if (valor.desconto) found.push(...discountViolations(valor.desconto, original, due));
  return found;
}

function discountViolations(desconto: NonNullable<CobVTermsInput["valor"]["desconto"]>, original: bigint, due: number) {
  const found: Found[] = [];
  const { modalidade, valorPerc, descontoDataFixa } = desconto;
  // Modalities 1, 3 and 4 are amounts; 2, 5 and 6 percentages.
  const limit = [1, 3, 4].includes(modalidade) ? original : ONE_HUNDRED_PERCENT;
  const tooLarge = "O desconto é maior ou igual ao valor original (ou a 100%).";

  if (modalidade <= 2) {
    if (valorPerc !== undefined) {
      found.push({ path: "desconto.valorPerc", razao: "Nas modalidades 1 e 2 o desconto vem em descontoDataFixa." });
    }
    if (!descontoDataFixa?.length) {
      found.push({
        path: "desconto.descontoDataFixa",
        razao: "As modalidades 1 e 2 pedem ao menos uma data de desconto.",
      });
    }
    let previous = Number.NEGATIVE_INFINITY;
    for (const [index, item] of (descontoDataFixa ?? []).entries()) {
      const at = `desconto.descontoDataFixa.${index}`;
      const day = dayNumber(item.data);
      if (hundredthsOf(item.valorPerc) >= limit) found.push({ path: `${at}.valorPerc`, razao: tooLarge });
      if (day > due) found.push({ path: `${at}.data`, razao: "A data do desconto é posterior ao vencimento." });
      if (day <= previous) {
        found.push({ path: `${at}.data`, razao: "As datas de desconto devem ser distintas e em ordem crescente." });
      }
      previous = day;
    }
  } else {
    if (valorPerc === undefined) {
      found.push({ path: "desconto.valorPerc", razao: "As modalidades 3 a 6 pedem valorPerc." });
    } else if (hundredthsOf(valorPerc) >= limit) {
      found.push({ path: "desconto.valorPerc", razao: tooLarge });
    }
    if (descontoDataFixa !== undefined && descontoDataFixa !== null) {
      found.push({ path: "desconto.descontoDataFixa", razao: "As modalidades 3 a 6 não usam descontoDataFixa." });
    }
  }
  return found.map(({ path, razao }) => ({ path: `valor.${path}`, razao }));
}

/** Well-formed input → the integer terms (call after termViolations found nothing). */
export function toTerms(input: CobVTermsInput): DueDateTerms {
  const { calendario, valor } = input;
  const terms: DueDateTerms = {
    dueDate: calendario.dataDeVencimento,
    validityDays: calendario.validadeAposVencimento ?? DEFAULT_VALIDITY_DAYS,
    originalCents: hundredthsOf(valor.original),
  };
  if (valor.multa)
    terms.multa = { modalidade: valor.multa.modalidade as 1 | 2, valorPerc: hundredthsOf(valor.multa.valorPerc) };
  if (valor.juros) {
    terms.juros = {
      modalidade: valor.juros.modalidade as NonNullable<DueDateTerms["juros"]>["modalidade"],
      valorPerc: hundredthsOf(valor.juros.valorPerc),
    };
  }
  if (valor.abatimento) {
    terms.abatimento = {
      modalidade: valor.abatimento.modalidade as 1 | 2,
      valorPerc: hundredthsOf(valor.abatimento.valorPerc),
    };
  }
  if (valor.desconto) terms.desconto = toDesconto(valor.desconto);
  return terms;
}

function toDesconto(desconto: NonNullable<CobVTermsInput["valor"]["desconto"]>): Desconto {
  if (desconto.modalidade === 1 || desconto.modalidade === 2) {
    return {
      modalidade: desconto.modalidade,
      descontoDataFixa: (desconto.descontoDataFixa ?? []).map(({ data, valorPerc }) => ({
        data,
        valorPerc: hundredthsOf(valorPerc),
      })),
    };
  }
  return { modalidade: desconto.modalidade as 3 | 4 | 5 | 6, valorPerc: hundredthsOf(desconto.valorPerc ?? "0.00") };
}
