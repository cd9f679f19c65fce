import type { Page } from 'playwright-core';

/**
 * Registers a fresh customer through `origin`'s own registration form, as a shopper does:
 * the browser then holds the logged-in session and the shop's stored user, and is on my page.
 */
export async function registerThroughShop(page: Page, origin: string): Promise<void> {
  const n = String(Date.now() % 1e7).padStart(7, '0');
  await page.goto(`${origin}/registrer`);
  await page.getByLabel('Fornavn', { exact: true }).fill('Benk');
  await page.getByLabel('Etternavn', { exact: true }).fill('Måling');
  await page.getByLabel('E-post', { exact: true }).fill(`benk.${n}@eksempel.no`);
  await page.getByLabel('Mobilnummer', { exact: true }).fill(`9${n}`);
  await page.getByLabel('Passord', { exact: true }).fill('benk-passord-1');
  await page.getByLabel('Gjenta passordet').fill('benk-passord-1');
  await page.getByLabel(/Jeg godtar/).check();
  await page.getByRole('button', { name: 'Registrer meg' }).click();
  await page.waitForURL(/\/min-side$/u);
}
