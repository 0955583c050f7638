/** Screenshots for e2e/screenshots/, as a person sees the page. */
import type { Page } from "@playwright/test";

const DESKTOP = { width: 1280, height: 800 };

/**
 * The whole page with the viewport grown to fit it, so the fixed sidebar and the sticky phone
 * header sit where a person sees them (a plain full-page capture repeats them mid-page).
 */
export async function snap(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
  await page.setViewportSize(viewport);
}

/** The open dialog, with the viewport tall enough to show all of it. */
export async function snapDialog(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  const height = await page.locator("dialog[open]").evaluate((dialog) => dialog.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 64) });
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
  await page.setViewportSize(viewport);
}
