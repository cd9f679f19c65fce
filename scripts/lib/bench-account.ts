import type { Page } from 'playwright-core';
import { dismissConsent } from '../../tests/e2e/fixtures/consent.ts';
import { submitRegistration } from '../../tests/e2e/fixtures/registration.ts';

/**
 * Registers a fresh customer through `origin`'s own registration form, as a shopper does:
 * the browser then holds the logged-in session and the shop's stored user, and is on my page.
 * The cookie modal is closed without a choice, so the measured pages still open it as on a
 * first visit.
 */
export async function registerThroughShop(page: Page, origin: string): Promise<void> {
  const n = String(Date.now() % 1e7).padStart(7, '0');
  await page.goto(`${origin}/registrer`);
  await dismissConsent(page);
  await submitRegistration(page, {
    firstname: 'Benk',
    surname: 'Måling',
    email: `benk.${n}@eksempel.no`,
    phone: `9${n}`,
    password: 'benk-passord-1',
  });
  await page.waitForURL(/\/min-side$/u);
}
