/** Getting started, one page per REST surface (content in ../account.ts, ../gateway.ts and ../api-pix.ts). */
import { ACCOUNT_PAGE } from "../account";
import { API_PIX_PAGE } from "../api-pix";
import { GATEWAY_PAGE } from "../gateway";
import { page } from "../html";

export const dynamic = "force-static";

const PAGES: Record<string, [string, string]> = {
  account: ["Getting started: account surface", ACCOUNT_PAGE],
  gateway: ["Getting started: gateway", GATEWAY_PAGE],
  "api-pix": ["Getting started: API Pix", API_PIX_PAGE],
};

export function generateStaticParams() {
  return Object.keys(PAGES).map((surface) => ({ surface }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ surface: string }> }) {
  const found = PAGES[(await params).surface];
  if (!found) return new Response("Not found", { status: 404 });
  return page(...found);
}
