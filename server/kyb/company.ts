/** A company proposal's registration data and partners, stored with the proposal (same transaction). */
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import type { CompanyRegistrationInput } from "./schema";

export async function saveCompany(
  tx: Tx,
  proposal: { userId: string; document: string; address: unknown },
  company: CompanyRegistrationInput,
): Promise<void> {
  await tx.kybCompany.create({
    data: {
      proposalId: proposal.userId,
      cnpj: proposal.document,
      legalName: company.legalName,
      tradeName: company.tradeName ?? null,
      cnae: company.cnae,
      openedOn: company.openedOn,
      legalNature: company.legalNature.replace(/^(\d{3})(\d)$/, "$1-$2"),
      address: (proposal.address ?? {}) as object,
      registrationStatus: company.registrationStatus,
    },
  });
  await tx.kybPartner.createMany({
    data: company.partners.map((p) => ({
      id: randomUUID(),
      proposalId: proposal.userId,
      name: p.name,
      cpf: p.cpf,
      qualification: p.qualification,
      shareBp: p.share === undefined ? null : Math.round(p.share * 100),
    })),
  });
}
