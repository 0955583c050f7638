/**
 * What a serial spec that walks one page through its steps shares: the viewports, the timeout of a
 * first visit, the page itself (in a fresh context: its own cookies) and the main navigation.
 */
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
/** Sign-in hashes the password (scrypt) and the first visit of a page may compile it in dev. */
export const SLOW = { timeout: 20_000 };
/** For specs that copy ids and codes and read them back. */
export const CLIPBOARD: BrowserContextOptions = { permissions: ["clipboard-read", "clipboard-write"] };

/** A desktop page in a context of its own; close it with `page.context().close()`. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  return context.newPage();
}

export const mainNavOf = (page: Page) => page.getByRole("navigation", { name: "Navegação principal" });
