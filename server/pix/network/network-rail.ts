/**
 * The PIX rail of PIX_RAIL=network (docs/pix-network.md): the DICT for keys outside this
 * platform, the SPI for payments and returns. A payment is submitted in the hold's transaction
 * (its outbox event, due at once), sent by the worker as a pacs.008 or pacs.004 and decided by
 * the pacs.002 that comes on the stream (read by stream-reader.ts, started by the worker: this
 * file imports neither it nor the core's state machines, which import the rail).
 */
import { config } from "../../config";
import { maskDocument, onlyDigits } from "../../documents/cpf-cnpj";
import { AppError, invalid } from "../../errors";
import { type Party, platformParty } from "../../ledger/parties";
import { recordEvent } from "../../outbox/record";
import { parsePixKey } from "../keys";
import type { KeyResolution, PixRail } from "../rail";
import { completedParty, simulatedParticipant } from "../sandbox-rail";
import { submissionEvent } from "../submission";
import { createEntry, type DictEntry, deleteEntry, getEntry, keyHasEntry } from "./dict-client";
import { transmitToSpi } from "./outbound";
import { sendFromSimulatedInstitution } from "./simulated-payer";

function receiverOf(entry: DictEntry): Party {
  return {
    ispb: entry.participant,
    personType: entry.ownerType === "LEGAL_PERSON" ? "company" : "person",
    cpfCnpj: maskDocument(entry.taxIdNumber),
    name: entry.name,
    agency: entry.branch ?? "",
    accountType: entry.accountType,
    accountNumber: entry.accountNumber,
  };
}

export const networkRail: PixRail = {
  name: "network",

  /** only where a simulator's control API is configured (development, tests) */
  get sendFromSimulatedInstitution() {
    return config().NETWORK_CONTROL_URL ? sendFromSimulatedInstitution : undefined;
  },

  async resolveKey(tx, raw, statedType, lookup): Promise<KeyResolution> {
    const { key, type } = parsePixKey(raw, statedType);
    const registered = await tx.pixKey.findUnique({ where: { key }, include: { account: true } });
    if (registered) {
      return {
        key,
        keyType: type,
        receiver: platformParty(registered.account),
        receiverDocument: registered.account.document,
        platformAccountId: registered.accountId,
      };
    }
    if (!lookup) throw new Error("the network rail looks a key up in the DICT only with the payer and end-to-end id");
    const entry = await getEntry(key, { ...lookup, payerDocument: onlyDigits(lookup.payerDocument) });
    if (entry.key !== key) {
      throw new AppError("SERVICE_UNAVAILABLE", "the PIX directory answered for another key", "pixKey");
    }
    return {
      key,
      keyType: type,
      receiver: receiverOf(entry),
      receiverDocument: onlyDigits(entry.taxIdNumber),
      platformAccountId: null,
    };
  },

  /** The DICT says so when the key is registered (createEntry); nothing is known before. */
  // checkKeys says only that someone holds the key; createEntry tells the owner from the custodian
  async keyAvailability(key) {
    return (await keyHasEntry(key)) ? "other_participant" : "available";
  },

  async registerKey({ key, keyType, account }) {
    const outcome = await createEntry({
      // an EVP is made by the DICT: asked for without a key, the local one replaced by its
      key: keyType === "EVP" ? "" : key,
      keyType,
      branch: account.agency,
      accountNumber: account.id,
      openingDate: account.createdAt,
      ownerType: account.personType === "company" ? "LEGAL_PERSON" : "NATURAL_PERSON",
      taxIdNumber: onlyDigits(account.document),
      name: account.name,
    });
    // an entry this account already has here (a retried registration) is this registration
    if (outcome.status === "created") return { status: "registered", ...(outcome.key ? { key: outcome.key } : {}) };
    if (outcome.problem === "EntryAlreadyExists") return { status: "registered" };
    if (outcome.problem === "EntryKeyOwnedByDifferentPerson") return { status: "held_elsewhere", by: "other_owner" };
    if (outcome.problem === "EntryKeyInCustodyOfDifferentParticipant") {
      return { status: "held_elsewhere", by: "other_participant" };
    }
    throw invalid(`the PIX directory refused the key (${outcome.problem ?? "no reason given"})`, "key");
  },

  async unregisterKey({ key }) {
    await deleteEntry(key);
  },

  async submitPayment(tx, payment) {
    await recordEvent(tx, submissionEvent(payment));
  },

  transmit: transmitToSpi,

  /** A dynamic BR Code of another institution: its location's payload is not fetched; the code's merchant is named. */
  async foreignChargeReceiver({ url, merchantName }) {
    return { ...simulatedParticipant(url, "EVP"), name: merchantName };
  },

  counterparty(seed, known) {
    return completedParty(seed, known);
  },
};
