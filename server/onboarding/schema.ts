/**
 * Field rules of account-programme onboarding (interface 2.9, 3.6; docs/contract.md, "Account
 * programme"). The REST door and the dashboard import them; nothing else writes these rules.
 */
import { z } from "zod";
import { documentKind, onlyDigits } from "../documents/cpf-cnpj";
import { CpfCnpj, EMAIL_PATTERN, PHONE_PATTERN, text } from "../fields/text";
import { CompanyRegistration } from "../kyb/schema";

export const ONBOARDING_STATUSES = [
  "PENDING_EMAIL_VERIFICATION",
  "PENDING_DOCUMENTS",
  "UNDER_REVIEW",
  "APPROVED",
  "REJECTED",
] as const;
export type OnboardingStatusName = (typeof ONBOARDING_STATUSES)[number];
export const OPEN_STATUSES: OnboardingStatusName[] = [
  "PENDING_EMAIL_VERIFICATION",
  "PENDING_DOCUMENTS",
  "UNDER_REVIEW",
];
export const OnboardingStatusField = z
  .enum(ONBOARDING_STATUSES)
  .describe(
    "PENDING_EMAIL_VERIFICATION → PENDING_DOCUMENTS (link followed) → UNDER_REVIEW (every required file in) → APPROVED (account created) or REJECTED (reason).",
  );

export const PERSON_TYPES = ["person", "company"] as const;
export const PersonTypeField = z.enum(PERSON_TYPES).describe("person (CPF) or company (CNPJ).");

/** KYC document types and the files each needs (interface 2.9); single-capture types add a selfie. */
export const DOCUMENT_SIDES = ["documentFront", "documentBack", "documentPdf", "selfie"] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
export const REQUIRED_FILES = {
  RG: ["documentFront", "documentBack"],
  RG_FULL: ["documentFront", "selfie"],
  CNH: ["documentFront", "documentBack"],
  CNH_FULL: ["documentFront", "selfie"],
  CNH_DIGITAL: ["documentPdf", "selfie"],
  RNE: ["documentFront", "documentBack"],
  PASSPORT: ["documentFront", "selfie"],
} as const satisfies Record<string, readonly DocumentSide[]>;
export type KycDocumentType = keyof typeof REQUIRED_FILES;
export const DOCUMENT_TYPES = Object.keys(REQUIRED_FILES) as KycDocumentType[];
export const DocumentTypeField = z
  .enum(DOCUMENT_TYPES as [KycDocumentType, ...KycDocumentType[]])
  .describe(
    "RG (documentFront, documentBack), RG_FULL (documentFront, selfie), CNH (documentFront, documentBack), CNH_FULL (documentFront, selfie), CNH_DIGITAL (documentPdf, selfie), RNE (documentFront, documentBack), PASSPORT (documentFront, selfie).",
  );

export const MAX_NAME = 120;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const Email = text({
  min: 1,
  max: 254,
  trim: true,
  pattern: EMAIL_PATTERN,
  patternMessage: "must be an e-mail address",
})
  .transform((value) => value.toLowerCase())
  .describe("An e-mail address, at most 254 characters; the verification link is sent there.")
  .meta({ example: "ana.souza@example.invalid" });

export const Phone = text({
  max: 14,
  trim: true,
  pattern: PHONE_PATTERN,
  patternMessage: "must be +55, the area code and the number (10 or 11 digits)",
})
  .describe("`+55` followed by the area code and the number, digits only: `+5511987654321`.")
  .meta({ example: "+5511987654321" });

function isPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now();
}

export const BirthDate = text({ max: 10, pattern: DATE_PATTERN, patternMessage: "must be YYYY-MM-DD" })
  .refine(isPastDate, "must be a real date in the past")
  .refine((value) => Number(value.slice(0, 4)) >= 1900, "must be after 1900")
  .describe("YYYY-MM-DD; required for persons, refused for companies.")
  .meta({ example: "1990-05-17" });

export const Address = z
  .strictObject({
    street: text({ min: 1, max: 120, trim: true }),
    number: text({ min: 1, max: 20, trim: true }),
    complement: text({ max: 60, trim: true }).optional(),
    district: text({ max: 60, trim: true }).optional(),
    city: text({ min: 1, max: 60, trim: true }),
    state: text({ max: 2, pattern: /^[A-Z]{2}$/, patternMessage: "must be the two-letter state code" }),
    zipCode: text({ max: 9, pattern: /^\d{5}-?\d{3}$/, patternMessage: "must be a CEP, 8 digits" }).transform((v) =>
      v.replace("-", ""),
    ),
  })
  .describe("street, number, complement?, district?, city, state (UF, 2 letters), zipCode (CEP, 8 digits).")
  .meta({
    example: {
      street: "Rua Exemplo",
      number: "100",
      complement: "Sala 2",
      district: "Centro",
      city: "São Paulo",
      state: "SP",
      zipCode: "01001-000",
    },
  });

export const ProposalLocale = z
  .enum(["pt-BR", "en"])
  .describe("Language of the e-mails to the customer (default pt-BR).");

export const ProposalRequest = z
  .strictObject({
    personType: PersonTypeField,
    name: text({ min: 1, max: MAX_NAME, trim: true })
      .describe(`Full or company name, 1-${MAX_NAME} characters.`)
      .meta({ example: "Ana Souza" }),
    document: CpfCnpj.describe("CPF for persons, CNPJ for companies; check digits verified, punctuation allowed."),
    email: Email,
    phone: Phone,
    birthDate: BirthDate.optional(),
    address: Address.optional(),
    locale: ProposalLocale.optional(),
    company: CompanyRegistration.optional(),
  })
  // the reference's example is a person's proposal; `company` is only for companies
  .meta({
    example: {
      personType: "person",
      name: "Ana Souza",
      document: "529.982.247-25",
      email: "ana.souza@example.invalid",
      phone: "+5511987654321",
      birthDate: "1990-05-17",
      address: Address.meta()?.example,
      locale: "pt-BR",
    },
  })
  .superRefine((value, ctx) => {
    const kind = documentKind(value.document);
    const expected = value.personType === "person" ? "cpf" : "cnpj";
    if (kind !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["document"],
        message: `must be a valid ${expected.toUpperCase()} (check digits)`,
      });
    }
    if (value.personType === "person" && value.birthDate === undefined) {
      ctx.addIssue({ code: "custom", path: ["birthDate"], message: "is required for persons" });
    }
    if (value.personType === "company" && value.birthDate !== undefined) {
      ctx.addIssue({ code: "custom", path: ["birthDate"], message: "is only for persons" });
    }
    if (value.company !== undefined && value.personType !== "company") {
      ctx.addIssue({ code: "custom", path: ["company"], message: "is only for companies" });
    }
    if (value.company !== undefined && value.address === undefined) {
      ctx.addIssue({ code: "custom", path: ["address"], message: "is required with company (the company's address)" });
    }
  })
  .transform((value) => ({ ...value, document: onlyDigits(value.document) }));
export type ProposalInput = z.output<typeof ProposalRequest>;

export const MAX_REJECTION_REASON = 500;
export const RejectionReason = text({ min: 1, max: MAX_REJECTION_REASON, trim: true }).describe(
  `Why the proposal is rejected, 1-${MAX_REJECTION_REASON} characters; sent to the customer.`,
);
