import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { DirectoryEntry } from "./directory-entry";
import { NOT_FOUND_DOMAIN, OTHER_PSP_DOMAIN, simulatedCustomerEntry } from "./institutions";
import { keyProblem, keyTypeOf } from "./pix-keys";

/** A createEntry answer kept for its RequestId, so that a retry gets the same answer. */
export interface StoredCreateAnswer {
  participant: string;
  requestId: string;
  /** What the request asked for; the same RequestId with another fingerprint is RequestIdAlreadyUsed. */
  fingerprint: string;
  status: number;
  body: string;
}

interface StateFile {
  version: 1;
  entries: DirectoryEntry[];
  createAnswers: StoredCreateAnswer[];
}

/**
 * The DICT's entries: those participants created (kept in the state file when there is one) and, for any other
 * well-formed key, the customer of a simulated institution it resolves to.
 */
export class Directory {
  private readonly entries = new Map<string, DirectoryEntry>();
  private readonly createAnswers = new Map<string, StoredCreateAnswer>();

  constructor(private readonly stateFile?: string) {
    if (stateFile && existsSync(stateFile)) {
      const state = JSON.parse(readFileSync(stateFile, "utf8")) as StateFile;
      for (const entry of state.entries) this.entries.set(entry.key, entry);
      for (const answer of state.createAnswers)
        this.createAnswers.set(answerKey(answer.participant, answer.requestId), answer);
    }
  }

  /** The entry a participant registered for a key, if any. */
  registered(key: string): DirectoryEntry | undefined {
    return this.entries.get(key);
  }

  /** Who holds a key from the participants' point of view: a participant's entry, or a simulated institution's. */
  holder(key: string): DirectoryEntry | undefined {
    const registered = this.entries.get(key);
    if (registered) return registered;
    if (key.endsWith(`@${OTHER_PSP_DOMAIN}`)) return this.resolve(key);
    return undefined;
  }

  /** What getEntry finds for a key: a registered entry, or a simulated customer; undefined means 404. */
  resolve(key: string): DirectoryEntry | undefined {
    const registered = this.entries.get(key);
    if (registered) return registered;
    const keyType = keyTypeOf(key);
    if (!keyType) return undefined;
    if (keyType === "EMAIL" && key.endsWith(`@${NOT_FOUND_DOMAIN}`)) return undefined;
    if (keyProblem(key, keyType)) return undefined;
    return simulatedCustomerEntry(key, keyType);
  }

  add(entry: DirectoryEntry): void {
    this.entries.set(entry.key, entry);
    this.save();
  }

  remove(key: string): void {
    this.entries.delete(key);
    this.save();
  }

  /** Entries a participant created, for the control API. */
  list(): DirectoryEntry[] {
    return [...this.entries.values()];
  }

  /** How many entries point to one account (for EntryLimitExceeded). */
  entriesOfAccount(participant: string, branch: string | undefined, accountNumber: string): number {
    let count = 0;
    for (const entry of this.entries.values()) {
      const account = entry.account;
      if (account.participant === participant && account.branch === branch && account.accountNumber === accountNumber)
        count++;
    }
    return count;
  }

  createAnswer(participant: string, requestId: string): StoredCreateAnswer | undefined {
    return this.createAnswers.get(answerKey(participant, requestId));
  }

  keepCreateAnswer(answer: StoredCreateAnswer): void {
    this.createAnswers.set(answerKey(answer.participant, answer.requestId), answer);
    this.save();
  }

  clear(): void {
    this.entries.clear();
    this.createAnswers.clear();
    this.save();
  }

  private save(): void {
    if (!this.stateFile) return;
    const state: StateFile = { version: 1, entries: this.list(), createAnswers: [...this.createAnswers.values()] };
    const temporary = `${this.stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state, null, 2));
    renameSync(temporary, this.stateFile);
  }
}

function answerKey(participant: string, requestId: string): string {
  return `${participant}:${requestId}`;
}
