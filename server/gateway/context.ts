import type { ApiKey } from "../generated/prisma/client";
import type { Held } from "./idempotency";
import type { KeyCase } from "./key-case";

export type GatewayEnv = {
  Variables: {
    keyCase: KeyCase;
    /** the body exactly as received (HMAC is computed over it) */
    rawBody: string | null;
    apiKey: ApiKey;
    clientIp: string | null;
    /** the merchant's first account, read with the active-account check (step 4) */
    primaryAccountId: string;
    /** the Idempotency-Key claim this request holds (POST with the header) */
    idempotency: Held | undefined;
  };
};
