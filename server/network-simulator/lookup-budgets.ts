import type { KeyType } from "./pix-keys";

/**
 * The token buckets of getEntry (the DICT API's rate-limiting policies): per payer, ENTRIES_READ_USER_ANTISCAN for
 * e-mail and phone keys and ENTRIES_READ_USER_ANTISCAN_V2 for CPF, CNPJ and EVP (100 tokens for a person, 1,000 for
 * a company, 2 a minute back); per participant, ENTRIES_READ_PARTICIPANT_ANTISCAN (category A: 20,000 tokens,
 * 12,000 a minute). A found key costs 1, a 404 costs 20 of the payer's bucket and 3 of the participant's; a
 * payment order sent for the look-up's EndToEndId gives the payer's token back.
 */
export const LOOKUP_POLICIES = {
  user: { emailPhone: "ENTRIES_READ_USER_ANTISCAN", other: "ENTRIES_READ_USER_ANTISCAN_V2" },
  participant: "ENTRIES_READ_PARTICIPANT_ANTISCAN",
} as const;

export interface LookupBudgetSizes {
  naturalPersonCapacity: number;
  legalPersonCapacity: number;
  userRefillPerMinute: number;
  participantCapacity: number;
  participantRefillPerMinute: number;
}

export const DEFAULT_LOOKUP_BUDGETS: LookupBudgetSizes = {
  naturalPersonCapacity: 100,
  legalPersonCapacity: 1000,
  userRefillPerMinute: 2,
  participantCapacity: 20_000,
  participantRefillPerMinute: 12_000,
};

const COST = { found: { user: 1, participant: 1 }, notFound: { user: 20, participant: 3 } };

class TokenBucket {
  private tokens: number;
  private updatedAt = Date.now();

  constructor(
    readonly capacity: number,
    private readonly refillPerMinute: number,
  ) {
    this.tokens = capacity;
  }

  available(now = Date.now()): number {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) * this.refillPerMinute) / 60_000);
    this.updatedAt = now;
    return this.tokens;
  }

  change(amount: number): void {
    this.tokens = Math.max(0, Math.min(this.capacity, this.available() + amount));
  }
}

export class LookupBudgets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly lookups = new Map<string, string>();

  constructor(private readonly sizes: LookupBudgetSizes = DEFAULT_LOOKUP_BUDGETS) {}

  private userBucketKey(participant: string, payerId: string, keyType: KeyType | undefined): string {
    const policy =
      keyType === "EMAIL" || keyType === "PHONE" ? LOOKUP_POLICIES.user.emailPhone : LOOKUP_POLICIES.user.other;
    return `${policy}:${participant}:${payerId}`;
  }

  private bucket(key: string, capacity: number, refillPerMinute: number): TokenBucket {
    const bucket = this.buckets.get(key) ?? new TokenBucket(capacity, refillPerMinute);
    this.buckets.set(key, bucket);
    return bucket;
  }

  private bucketsOf(participant: string, payerId: string, keyType: KeyType | undefined) {
    const userCapacity = payerId.length === 14 ? this.sizes.legalPersonCapacity : this.sizes.naturalPersonCapacity;
    return {
      user: this.bucket(
        this.userBucketKey(participant, payerId, keyType),
        userCapacity,
        this.sizes.userRefillPerMinute,
      ),
      participant: this.bucket(
        `${LOOKUP_POLICIES.participant}:${participant}`,
        this.sizes.participantCapacity,
        this.sizes.participantRefillPerMinute,
      ),
    };
  }

  /** Whether a look-up may go ahead: every bucket it draws from still has a token. */
  allows(participant: string, payerId: string, keyType: KeyType | undefined): boolean {
    const { user, participant: psp } = this.bucketsOf(participant, payerId, keyType);
    return user.available() >= 1 && psp.available() >= 1;
  }

  charge(participant: string, payerId: string, keyType: KeyType | undefined, found: boolean, endToEndId: string): void {
    const { user, participant: psp } = this.bucketsOf(participant, payerId, keyType);
    const cost = found ? COST.found : COST.notFound;
    user.change(-cost.user);
    psp.change(-cost.participant);
    if (found) this.lookups.set(endToEndId, this.userBucketKey(participant, payerId, keyType));
  }

  /** A pacs.008 for a looked-up EndToEndId reached the SPI: its payer's bucket gets one token back. */
  paymentOrderSent(endToEndId: string): void {
    const key = this.lookups.get(endToEndId);
    if (!key) return;
    this.lookups.delete(endToEndId);
    this.buckets.get(key)?.change(1);
  }

  reset(): void {
    this.buckets.clear();
    this.lookups.clear();
  }
}
