/**
 * The internal-transfer load of bench:transfers and bench:scale-out: 1-centavo transfers between
 * random funded merchants. With `hotShare`, that share of the transfers credits the first merchant
 * (a platform's big receiver) from any other; the rest stay between random merchants.
 */
import autocannon from "autocannon";
import type { FundedMerchant } from "./funded";

export function transferDriver(funded: FundedMerchant[], options: { hotShare?: number } = {}) {
  const hotShare = options.hotShare ?? 0;
  const merchants = funded.map((m) => ({
    accountId: m.accountId,
    auth: `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString("base64")}`,
  }));
  const any = () => merchants[Math.floor(Math.random() * merchants.length)] as (typeof merchants)[number];
  return (url: string, connections: number, seconds: number) =>
    autocannon({
      url,
      connections,
      duration: seconds,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const hot = merchants[0] as (typeof merchants)[number];
            const toHot = Math.random() < hotShare;
            let from = any();
            while (toHot && from === hot) from = any();
            let to = toHot ? hot : from;
            while (to === from) to = any();
            return {
              ...request,
              path: `/v4/i/bank-accounts/${from.accountId}/transfer/internal`,
              headers: { authorization: from.auth, "content-type": "application/json" },
              body: JSON.stringify({ amount: 0.01, receiverBankAccount: to.accountId }),
            };
          },
        },
      ],
    });
}
