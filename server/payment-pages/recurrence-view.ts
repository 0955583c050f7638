/**
 * What the payer sees of a Pix Automático recurrence on its hosted page (/r/{token}, journey 2,
 * docs/decisions/0042): the merchant's display name, the object, the periodicity, the amount (fixed
 * or the floor), the first and last day, and the recurrence's QR while it waits for consent. No
 * idRec, account, contract or document. The token is the recurrence location's (the QR carries it).
 */
import { getBranding } from "../branding/service";
import { config } from "../config";
import type { Tx } from "../db/client";
import { notFound } from "../errors";
import { encodeRecurrenceBrCode } from "../pix/brcode";
import { recurrenceLocationUrl } from "../recurrences/locations";
import type { Periodicity } from "../recurrences/model";

export type RecurrencePageStatus = "waiting" | "approved" | "closed";

export type RecurrencePageView = {
  status: RecurrencePageStatus;
  merchantName: string;
  object: string | null;
  periodicity: Periodicity;
  /** the fixed amount of each cycle (`valorRec`), or null */
  amountCents: bigint | null;
  /** the floor the merchant set (`valorMinimoRecebedor`) when the amount varies, or null */
  minimumCents: bigint | null;
  startDate: string;
  endDate: string | null;
  /** the copy-and-paste code of journey 2, only while the recurrence waits for consent */
  emv: string | null;
  accentColor: string | null;
  logoUrl: string | null;
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The hosted page's address of a recurrence location token (what the dashboard shares). */
export const recurrencePageUrl = (token: string) => `${config().APP_URL.replace(/\/+$/, "")}/r/${token}`;

export async function recurrencePageView(tx: Tx, token: string): Promise<RecurrencePageView> {
  const location = /^[0-9a-f-]{36}$/i.test(token)
    ? await tx.recurrenceLocation.findUnique({ where: { token: token.toLowerCase() }, include: { recurrence: true } })
    : null;
  const rec = location?.recurrence;
  if (!location || !rec) throw notFound("recurrence page not found");
  const account = await tx.account.findUniqueOrThrow({ where: { id: rec.accountId }, select: { name: true } });
  const brand = await getBranding(tx, rec.userId);
  const status: RecurrencePageStatus =
    rec.status === "CRIADA" ? "waiting" : rec.status === "APROVADA" ? "approved" : "closed";
  const merchantName = brand.displayName ?? account.name;
  return {
    status,
    merchantName,
    object: rec.object,
    periodicity: rec.periodicity as Periodicity,
    amountCents: rec.amountCents,
    minimumCents: rec.minimumCents,
    startDate: day(rec.startDate),
    endDate: rec.endDate ? day(rec.endDate) : null,
    emv:
      status === "waiting"
        ? encodeRecurrenceBrCode({
            recurrenceUrl: recurrenceLocationUrl(location.token),
            merchantName: account.name,
            merchantCity: config().PLATFORM_CITY,
          })
        : null,
    accentColor: brand.accentColor,
    logoUrl: brand.logoUrl,
  };
}
