/**
 * Field rules of a company's registration data (CNPJ) and partners (QSA), sent with a company
 * proposal (`company` in POST /v4/i/baas/onboarding/new). The company's address is the
 * proposal's `address`. Nothing is looked up outside: the customer declares, the reviewer checks.
 */
import { z } from "zod";
import { isValidCpf, onlyDigits } from "../documents/cpf-cnpj";
import { text } from "../fields/text";

export const REGISTRATION_STATUSES = ["ATIVA", "SUSPENSA", "INAPTA", "BAIXADA", "NULA"] as const;
export const MAX_PARTNERS = 50;

const pastDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() <= Date.now();
};

export const Partner = z
  .strictObject({
    name: text({ min: 1, max: 120, trim: true }).describe("The partner's full name.").meta({ example: "Ana Souza" }),
    cpf: text({ max: 14, trim: true })
      .refine(isValidCpf, "must be a valid CPF (check digits)")
      .transform(onlyDigits)
      .describe("The partner's CPF; check digits verified, punctuation allowed.")
      .meta({ example: "529.982.247-25" }),
    qualification: text({ min: 1, max: 80, trim: true })
      .describe("Qualificação do sócio as the QSA says it, e.g. `49-Sócio-Administrador`.")
      .meta({ example: "49-Sócio-Administrador" }),
    share: z
      .number()
      .min(0)
      .max(100)
      .multipleOf(0.01)
      .optional()
      .describe("Share of the capital in percent (0-100, two decimals), when declared.")
      .meta({ example: 100 }),
  })
  .describe("A partner of the company (QSA).");

export const CompanyRegistration = z
  .strictObject({
    legalName: text({ min: 1, max: 150, trim: true })
      .describe("Razão social.")
      .meta({ example: "Exemplo Comércio Ltda" }),
    tradeName: text({ max: 150, trim: true }).optional().describe("Nome fantasia.").meta({ example: "Loja Exemplo" }),
    cnae: text({ max: 9, pattern: /^\d{4}-?\d\/?\d{2}$/, patternMessage: "must be a CNAE subclass, 7 digits" })
      .transform(onlyDigits)
      .describe("CNAE fiscal principal: the subclass, 7 digits (`4751-2/01` or `4751201`).")
      .meta({ example: "4751-2/01" }),
    openedOn: text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, patternMessage: "must be YYYY-MM-DD" })
      .refine(pastDay, "must be a real date, not in the future")
      .describe("Data de abertura, YYYY-MM-DD.")
      .meta({ example: "2015-03-10" }),
    legalNature: text({ max: 5, pattern: /^\d{3}-?\d$/, patternMessage: "must be a natureza jurídica code as 206-2" })
      .describe("Natureza jurídica code, e.g. `206-2` (sociedade empresária limitada).")
      .meta({ example: "206-2" }),
    registrationStatus: z
      .enum(REGISTRATION_STATUSES)
      .describe("Situação cadastral at the Receita Federal: ATIVA, SUSPENSA, INAPTA, BAIXADA or NULA."),
    partners: z
      .array(Partner)
      .min(1)
      .max(MAX_PARTNERS)
      .refine((partners) => new Set(partners.map((p) => p.cpf)).size === partners.length, "a CPF appears twice")
      .refine(
        (partners) => partners.reduce((sum, p) => sum + (p.share ?? 0), 0) <= 100.0001,
        "shares add up to more than 100",
      )
      .describe(`The partners (QSA), 1-${MAX_PARTNERS}.`),
  })
  .describe("A company's registration data (CNPJ) and partners; companies only, with `address`.");
export type CompanyRegistrationInput = z.output<typeof CompanyRegistration>;
