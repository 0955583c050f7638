import { randomUUID } from "node:crypto";
import { entryElement, type ProblemType, type Violation } from "./dict-documents";
import type { Directory } from "./directory";
import type { DirectoryEntry } from "./directory-entry";
import { DATE_TIME_PATTERN, ISPB_PATTERN } from "./ids";
import type { AccountType } from "./message-documents";
import { isValidCnpj, isValidCpf, type KeyType, keyProblem } from "./pix-keys";
import { textAt, type XmlNode } from "./xml";

/** The rules of createEntry and deleteEntry bodies (the DICT API's CreateEntryRequest, Entry and Person). */

const KEY_TYPES: KeyType[] = ["CPF", "CNPJ", "PHONE", "EMAIL", "EVP"];
const ACCOUNT_TYPES: AccountType[] = ["CACC", "TRAN", "SLRY", "SVGS"];
const NATURAL_NAME = /^([A-Za-zÀ-ÖØ-öø-ÿ' -]+)$/;
const LEGAL_NAME = /^([A-Za-zÀ-ÖØ-öø-ÿ,.@:&*+_<>()!?/\\$%\d' -]+)$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Entries one account may have (the DICT's rule: 5 for a person, 20 for a company). */
const ENTRIES_PER_ACCOUNT = { NATURAL_PERSON: 5, LEGAL_PERSON: 20 };

export interface CreateEntryRequestFields {
  entry: Omit<DirectoryEntry, "creationDate" | "keyOwnershipDate" | "origin" | "requestId">;
  /** Key left out: an EVP, made by the DICT. */
  keyGiven: boolean;
  reason: string;
  requestId: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; violations: Violation[] };

function collector(root: XmlNode) {
  const violations: Violation[] = [];
  const read = (
    path: string,
    property: string,
    rule?: { pattern?: RegExp; oneOf?: string[]; optional?: boolean; max?: number },
  ) => {
    const value = textAt(root, path);
    if (value === undefined || value === "") {
      if (!rule?.optional) violations.push({ reason: "is required", property });
      return undefined;
    }
    if (rule?.pattern && !rule.pattern.test(value)) {
      violations.push({ reason: `does not match ${rule.pattern.source}`, value, property });
    } else if (rule?.oneOf && !rule.oneOf.includes(value)) {
      violations.push({ reason: `must be one of ${rule.oneOf.join(", ")}`, value, property });
    } else if (rule?.max !== undefined && [...value].length > rule.max) {
      violations.push({ reason: `at most ${rule.max} characters`, value, property });
    }
    return value;
  };
  return { violations, read };
}

export function readCreateEntryRequest(root: XmlNode): Checked<CreateEntryRequestFields> {
  const { violations, read } = collector(root);
  const keyType = read("Entry/KeyType", "entry.keyType", { oneOf: KEY_TYPES }) as KeyType | undefined;
  const givenKey = read("Entry/Key", "entry.key", { optional: true, max: 77 });
  if (keyType === "EVP" && givenKey)
    violations.push({
      reason: "an EVP key is made by the DICT: leave Key out",
      value: givenKey,
      property: "entry.key",
    });
  if (keyType && keyType !== "EVP") {
    if (!givenKey) violations.push({ reason: "is required", property: "entry.key" });
    else {
      const problem = keyProblem(givenKey, keyType);
      if (problem) violations.push({ reason: problem, value: givenKey, property: "entry.key" });
    }
  }
  const participant = read("Entry/Account/Participant", "entry.account.participant", { pattern: ISPB_PATTERN });
  const branch = read("Entry/Account/Branch", "entry.account.branch", { pattern: /^[0-9]{1,4}$/, optional: true });
  const accountNumber = read("Entry/Account/AccountNumber", "entry.account.accountNumber", {
    pattern: /^[0-9]{1,20}$/,
  });
  const accountType = read("Entry/Account/AccountType", "entry.account.accountType", { oneOf: ACCOUNT_TYPES });
  const openingDate = read("Entry/Account/OpeningDate", "entry.account.openingDate", { pattern: DATE_TIME_PATTERN });
  const ownerType = read("Entry/Owner/Type", "entry.owner.type", { oneOf: ["NATURAL_PERSON", "LEGAL_PERSON"] });
  const natural = ownerType === "NATURAL_PERSON";
  const taxIdNumber = read("Entry/Owner/TaxIdNumber", "entry.owner.taxIdNumber", {
    pattern: natural ? /^[0-9]{11}$/ : /^[0-9]{14}$/,
  });
  if (taxIdNumber && (natural ? !isValidCpf(taxIdNumber) : ownerType && !isValidCnpj(taxIdNumber))) {
    violations.push({ reason: "check digits are wrong", value: taxIdNumber, property: "entry.owner.taxIdNumber" });
  }
  const name = read("Entry/Owner/Name", "entry.owner.name", { pattern: natural ? NATURAL_NAME : LEGAL_NAME, max: 120 });
  const tradeName = read("Entry/Owner/TradeName", "entry.owner.tradeName", {
    pattern: LEGAL_NAME,
    max: 100,
    optional: true,
  });
  if (natural && tradeName)
    violations.push({ reason: "only a legal person has a trade name", property: "entry.owner.tradeName" });
  const reason = read("Reason", "reason", { oneOf: ["USER_REQUESTED", "RECONCILIATION"] });
  const requestId = read("RequestId", "requestId", { pattern: UUID_V4 });
  if (violations.length > 0) return { ok: false, violations };
  return {
    ok: true,
    value: {
      entry: {
        key: givenKey ?? "",
        keyType: keyType as KeyType,
        account: {
          participant: participant as string,
          ...(branch ? { branch } : {}),
          accountNumber: accountNumber as string,
          accountType: accountType as AccountType,
          openingDate: openingDate as string,
        },
        owner: {
          type: ownerType as "NATURAL_PERSON" | "LEGAL_PERSON",
          taxIdNumber: taxIdNumber as string,
          name: name as string,
          ...(tradeName ? { tradeName } : {}),
        },
      },
      keyGiven: Boolean(givenKey),
      reason: reason as string,
      requestId: (requestId as string).toLowerCase(),
    },
  };
}

export type CreateDecision =
  | { kind: "created"; entry: DirectoryEntry; content: XmlNode }
  | { kind: "refused"; type: ProblemType; detail: string };

/** What createEntry does with a well-formed request that is not a retry. */
export function decideCreateEntry(directory: Directory, request: CreateEntryRequestFields): CreateDecision {
  const { entry } = request;
  const key = request.keyGiven ? entry.key : randomUUID();
  if ((entry.keyType === "CPF" || entry.keyType === "CNPJ") && key !== entry.owner.taxIdNumber) {
    return {
      kind: "refused",
      type: "EntryTaxIdNumberByDifferentOwner",
      detail: "a CPF or CNPJ key belongs to its own owner",
    };
  }
  const holder = directory.holder(key);
  if (holder) {
    // A simulated institution's customer is taken to be the requester's own: the key can only be brought over.
    const samePerson = holder.origin === "simulated" || holder.owner.taxIdNumber === entry.owner.taxIdNumber;
    if (!samePerson) {
      return { kind: "refused", type: "EntryKeyOwnedByDifferentPerson", detail: "another person holds this key" };
    }
    if (holder.account.participant !== entry.account.participant) {
      return {
        kind: "refused",
        type: "EntryKeyInCustodyOfDifferentParticipant",
        detail: "this key is held by another participant for the same person",
      };
    }
    return {
      kind: "refused",
      type: "EntryAlreadyExists",
      detail: "this key already has an entry with this participant and owner",
    };
  }
  const limit = ENTRIES_PER_ACCOUNT[entry.owner.type];
  if (
    directory.entriesOfAccount(entry.account.participant, entry.account.branch, entry.account.accountNumber) >= limit
  ) {
    return {
      kind: "refused",
      type: "EntryLimitExceeded",
      detail: `an account of this owner may have at most ${limit} keys`,
    };
  }
  const now = new Date().toISOString();
  const created: DirectoryEntry = {
    ...entry,
    key,
    creationDate: now,
    keyOwnershipDate: now,
    origin: "participant",
    requestId: request.requestId,
  };
  directory.add(created);
  return { kind: "created", entry: created, content: { Entry: entryElement(created) } };
}

/** What a createEntry asked for, to tell a retry from another request reusing the RequestId. */
export function fingerprintOf(request: CreateEntryRequestFields): string {
  return JSON.stringify({ entry: request.entry, reason: request.reason });
}

export interface DeleteEntryRequestFields {
  key: string;
  participant: string;
  reason: string;
}

export function readDeleteEntryRequest(root: XmlNode, pathKey: string): Checked<DeleteEntryRequestFields> {
  const { violations, read } = collector(root);
  const key = read("Key", "key", { max: 77 });
  if (key !== undefined && key !== pathKey)
    violations.push({ reason: "must be the key of the path", value: key, property: "key" });
  const participant = read("Participant", "participant", { pattern: ISPB_PATTERN });
  const reason = read("Reason", "reason", { oneOf: ["USER_REQUESTED", "ACCOUNT_CLOSURE", "RECONCILIATION", "FRAUD"] });
  if (violations.length > 0) return { ok: false, violations };
  return { ok: true, value: { key: key as string, participant: participant as string, reason: reason as string } };
}
