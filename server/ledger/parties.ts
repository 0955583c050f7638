/** Party objects (interface 2.3) for accounts of this platform. */
import { config } from "../config";
import { maskDocument } from "../documents/cpf-cnpj";

export type Party = {
  ispb: string;
  personType: "company" | "person";
  cpfCnpj: string;
  name: string;
  agency: string;
  accountType: string;
  accountNumber: string;
};

export function platformParty(account: {
  id: string;
  name: string;
  document: string;
  personType: "company" | "person";
  agency: string;
}): Party {
  return {
    ispb: config().PLATFORM_ISPB,
    personType: account.personType,
    cpfCnpj: maskDocument(account.document),
    name: account.name,
    agency: account.agency,
    accountType: "payment",
    accountNumber: account.id,
  };
}

/** The name of a party's institution when it is known: this platform's; null for any other. */
export function institutionOf(party: Pick<Party, "ispb">): string | null {
  return party.ispb === config().PLATFORM_ISPB ? config().PLATFORM_NAME : null;
}

/** A third party's document as people may see it: masked, whether it was stored masked or not. */
export function maskedDocumentOf(party: Pick<Party, "cpfCnpj">): string {
  return party.cpfCnpj.includes("*") ? party.cpfCnpj : maskDocument(party.cpfCnpj);
}
