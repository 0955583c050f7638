import type { KeyMerchant } from "../apikeys/service";
import type { ApiKey } from "../generated/prisma/client";
import type { EffectSink } from "../idempotency/sink";
import type { KeyCase } from "./key-case";

export type GatewayEnv = {
  Variables: {
    keyCase: KeyCase;
    /** the body exactly as received (HMAC is computed over it) */
    rawBody: string | null;
    apiKey: ApiKey;
    /** the key's merchant, read with the key (step 3) and checked at step 4 */
    merchant: KeyMerchant;
    clientIp: string | null;
    /** the merchant's first account, the one the gateway speaks for (set at step 4) */
    primaryAccountId: string;
    /** where the route's service records its effect, when the request holds an Idempotency-Key claim */
    effects: EffectSink | undefined;
  };
};
