import type { AccountType } from "./message-documents";
import type { KeyType } from "./pix-keys";

/** A DICT entry (vínculo): a key, the account it points to and the account's owner. */
export interface DirectoryEntry {
  key: string;
  keyType: KeyType;
  account: {
    participant: string;
    branch?: string;
    accountNumber: string;
    accountType: AccountType;
    openingDate: string;
  };
  owner: {
    type: "NATURAL_PERSON" | "LEGAL_PERSON";
    taxIdNumber: string;
    name: string;
    tradeName?: string;
  };
  creationDate: string;
  keyOwnershipDate: string;
  /** participant: created through createEntry; simulated: a customer of a simulated institution. */
  origin: "participant" | "simulated";
  /** The createEntry RequestId that made it. */
  requestId?: string;
}
