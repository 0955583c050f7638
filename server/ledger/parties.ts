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
