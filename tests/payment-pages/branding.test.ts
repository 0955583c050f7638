/**
 * The merchant's branding on the payer's pages: the logo sniffed by its bytes, size-limited,
 * resized with sharp and kept in the storage module, served under a random key; name and accent
 * colour on the payment page's view; each merchant's own.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as logoGet } from "../../app/api/branding/logo/[key]/route";
import { BrandingUpdate, LOGO_MAX_BYTES } from "../../server/branding/schema";
import { getBranding, logoPng, removeLogo, setLogo, updateBranding } from "../../server/branding/service";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { paymentPageView } from "../../server/payment-pages/view";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { fundedMerchant } from "../support/fixtures";

let shop: Awaited<ReturnType<typeof fundedMerchant>>;
let rival: Awaited<ReturnType<typeof fundedMerchant>>;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();

const getLogo = (key: string) =>
  logoGet(new Request(`http://127.0.0.1/api/branding/logo/${key}`), { params: Promise.resolve({ key }) });

beforeAll(async () => {
  shop = await fundedMerchant(0n);
  rival = await fundedMerchant(0n);
});

describe("a logo upload", () => {
  it("is resized to at most 256 px a side, as a PNG", async () => {
    const out = await logoPng(await png(1000, 500));
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "png", width: 256, height: 128 });
    const jpeg = await sharp({ create: { width: 100, height: 80, channels: 3, background: "#00ff00" } })
      .jpeg()
      .toBuffer();
    expect(await sharp(await logoPng(jpeg)).metadata()).toMatchObject({ format: "png", width: 100, height: 80 });
  });

  it("is refused by its bytes, whatever it claims: text, PDF, a truncated PNG (400)", async () => {
    const real = await png(50, 50);
    for (const bytes of [
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"),
      Buffer.from("%PDF-1.4\n%…\n"),
      Buffer.from("hello, I am a logo.png"),
      real.subarray(0, 40),
    ]) {
      await expect(logoPng(bytes)).rejects.toMatchObject({ code: "UNSUPPORTED_FILE_TYPE", status: 400 });
    }
  });

  it("is refused above 1 MB (413)", async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(LOGO_MAX_BYTES)]);
    await expect(logoPng(big)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413 });
  });

  it("is kept in storage, served publicly under a random key, and replaced by the next upload", async () => {
    const first = await setLogo(db(), shop.userId, await png(300, 300));
    const key = (first.logoUrl as string).split("/").pop() as string;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const served = await getLogo(key);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(256);

    const second = await setLogo(db(), shop.userId, await png(64, 64));
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect((await getLogo(key)).status).toBe(404);
    await removeLogo(db(), shop.userId);
    expect((await getBranding(db(), shop.userId)).logoUrl).toBeNull();
    expect((await getLogo("nope")).status).toBe(404);
  });
});

describe("the brand on the payment page", () => {
  it("shows the display name, accent colour and logo instead of the account's name", async () => {
    await updateBranding(db(), shop.userId, { displayName: "Doces da Ana", accentColor: "#aa3300" });
    const withLogo = await setLogo(db(), shop.userId, await png(40, 40));
    const charge = await createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 500n });
    const view = await paymentPageView(db(), charge.publicId);
    expect(view).toMatchObject({ merchantName: "Doces da Ana", accentColor: "#aa3300", logoUrl: withLogo.logoUrl });

    const other = await createCharge(db(), { userId: rival.userId, accountId: rival.accountId, amountCents: 500n });
    const theirs = await paymentPageView(db(), other.publicId);
    expect(theirs).toMatchObject({ accentColor: null, logoUrl: null });
    expect(theirs.merchantName).not.toBe("Doces da Ana");
  });

  it("takes only a #rrggbb colour and a name up to 80 characters", () => {
    expect(BrandingUpdate.safeParse({ displayName: "x", accentColor: "red" }).success).toBe(false);
    expect(BrandingUpdate.safeParse({ displayName: "x", accentColor: "#12345" }).success).toBe(false);
    expect(BrandingUpdate.safeParse({ displayName: "x".repeat(81), accentColor: null }).success).toBe(false);
    expect(BrandingUpdate.parse({ displayName: " Ana ", accentColor: "#AA3300" })).toEqual({
      displayName: "Ana",
      accentColor: "#aa3300",
    });
  });

  it("is each merchant's own through tRPC", async () => {
    const caller = (userId: string) =>
      createCallerFactory(appRouter)({ user: { id: userId, email: "x@example.invalid", role: "MERCHANT", name: "X" } });
    await caller(rival.userId).branding.update({ displayName: "Rival", accentColor: "#000000" });
    expect((await caller(shop.userId).branding.get()).displayName).toBe("Doces da Ana");
    expect((await caller(rival.userId).branding.get()).displayName).toBe("Rival");
  });
});
