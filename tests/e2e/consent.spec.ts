import { SESSION_COOKIE } from '../../server/http/session.ts';
import { CONSENT_KINDS } from '../../src/lib/domain/consent-kinds.ts';
import { consentVendorIds } from '../../src/lib/domain/consent-vendors.ts';
import { CONSENT_COOKIE, encodeConsent } from '../../src/lib/domain/consent.ts';
import { newCustomer } from './fixtures/account.ts';
import {
  ConsentModal,
  consentCookie,
  dismissConsent,
  foreignRequests,
  PrivacyModal,
  vendorScripts,
} from './fixtures/consent.ts';
import { submitRegistration } from './fixtures/registration.ts';
import { expect, test as shopTest } from './fixtures/shop.ts';
import { watchWindow } from './fixtures/watch-window.ts';

/**
 * The cookie and privacy modals, and the requests the page makes to other hosts (recorded
 * from the start when a test asks for them).
 */
const test = shopTest.extend<{ consent: ConsentModal; privacy: PrivacyModal; requests: string[] }>({
  consent: async ({ page }, use) => use(new ConsentModal(page)),
  privacy: async ({ page }, use) => use(new PrivacyModal(page)),
  requests: async ({ page, baseURL }, use) => use(await foreignRequests(page, baseURL ?? '')),
});

const YEAR_AND_A_DAY_MS = 366 * 24 * 3600 * 1000;

/** The consent cookie's value: `true`, a letter or `-` per kind, the second it was given. */
const cookieOf = (letters: string) => new RegExp(`^true\\.${letters}\\.\\d+$`, 'u');

test.describe('cookie consent on a first visit', () => {
  test.use({ consentPreset: false });

  test("opens at once, names the required cookies and the brand's optional kinds, all off, and nothing optional loads", async ({
    shop,
    page,
    context,
    consent,
    requests,
    brand,
  }) => {
    await shop.goto('/');
    await expect(consent.dialog).toBeVisible();
    await expect(consent.heading).toBeFocused();
    for (const name of ['XSRF-TOKEN', SESSION_COOKIE, 'cookiesAccepted']) {
      await expect(consent.dialog).toContainText(name);
    }
    await consent.settings.click();
    await expect(consent.settings).toHaveAttribute('aria-expanded', 'true');
    const ids = consentVendorIds(brand);
    for (const { kind, label, vendor } of CONSENT_KINDS) {
      if (ids[kind] === null) {
        await expect(consent.switch(label)).toHaveCount(0);
        await expect(consent.dialog).not.toContainText(vendor);
      } else {
        await expect(consent.switch(label)).not.toBeChecked();
      }
    }
    await watchWindow(page);
    expect(requests).toEqual([]);
    expect(await consentCookie(context)).toBeNull();
  });

  test("'Godta alle' loads exactly the brand's vendor scripts, and the choice survives a reload", async ({
    shop,
    page,
    context,
    consent,
    requests,
    brand,
  }) => {
    await shop.goto('/');
    await consent.acceptAll.click();
    await expect(consent.dialog).toBeHidden();
    const expected = vendorScripts(brand, ['analytics', 'tagManager', 'pixel']);
    await expect.poll(() => requests.toSorted()).toEqual(expected.toSorted());
    const ids = consentVendorIds(brand);
    const letters = `${ids.analytics ? 'a' : '-'}${ids.tagManager ? 't' : '-'}${ids.pixel ? 'p' : '-'}`;
    expect(await consentCookie(context)).toMatch(cookieOf(letters));

    requests.length = 0;
    await page.reload();
    await expect(consent.dialog).toBeHidden();
    await expect.poll(() => requests.toSorted()).toEqual(expected.toSorted());
  });

  test("'Bare nødvendige' loads nothing optional, and the choice survives a reload @default-brand", async ({
    shop,
    page,
    context,
    consent,
    requests,
  }) => {
    await shop.goto('/kundeservice');
    await consent.necessaryOnly.click();
    await expect(consent.dialog).toBeHidden();
    expect(await consentCookie(context)).toMatch(cookieOf('---'));
    await shop.goto('/om-oss');
    await watchWindow(page);
    await expect(consent.dialog).toBeHidden();
    expect(requests).toEqual([]);
  });

  test('the settings, by keyboard, load only the kind switched on @default-brand', async ({
    shop,
    page,
    context,
    consent,
    privacy,
    requests,
    brand,
  }) => {
    await shop.goto('/');
    await expect(consent.heading).toBeFocused();
    // From the heading: 'Godta alle', 'Bare nødvendige', 'Innstillinger'.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(consent.settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(consent.switch('Analyse')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent.switch('Analyse')).toBeChecked();
    // Past the other two switches, left off, to 'Lagre valgene'.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(consent.save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(consent.dialog).toBeHidden();
    await expect.poll(() => requests).toEqual(vendorScripts(brand, ['analytics']));
    await watchWindow(page);
    expect(requests).toEqual(vendorScripts(brand, ['analytics']));
    expect(await consentCookie(context)).toMatch(cookieOf('a--'));

    // Opened again from the privacy modal, the switches show the choice in force.
    await shop.footer.getByRole('link', { name: 'Personvern' }).click();
    await privacy.changeChoices.click();
    await expect(consent.dialog).toBeVisible();
    await expect(consent.switch('Analyse')).toBeChecked();
    await expect(consent.switch('Tag manager')).not.toBeChecked();
  });

  test('Escape leaves the choice for later: no cookie, and the next page asks again @default-brand', async ({
    shop,
    page,
    context,
    consent,
  }) => {
    await shop.goto('/kundeservice');
    await expect(consent.heading).toBeFocused();
    // However far one tabs, focus never reaches the page behind: it goes round the modal
    // (past its end to the browser's own controls, none here, and back).
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const focused = document.activeElement;
          if (!focused || focused === document.body) return 'browser';
          return focused.closest('[data-consent-dialog]') ? 'modal' : 'page';
        }),
      );
    }
    expect(stops).not.toContain('page');
    expect(stops.lastIndexOf('modal')).toBeGreaterThan(stops.indexOf('browser'));
    await page.keyboard.press('Escape');
    await expect(consent.dialog).toBeHidden();
    expect(await consentCookie(context)).toBeNull();
    await shop.goto('/om-oss');
    await expect(consent.dialog).toBeVisible();
  });

  test('a choice more than a year old is asked again (clock moved on) @default-brand', async ({
    shop,
    page,
    context,
    consent,
  }) => {
    await shop.goto('/');
    await consent.necessaryOnly.click();
    // The modal closes once the choice is in the cookie (its code loads on the click); a
    // reload before that lost the choice on a busy machine.
    await expect(consent.dialog).toBeHidden();
    await page.reload();
    await expect(consent.dialog).toBeHidden();
    await page.clock.setFixedTime(Date.now() + YEAR_AND_A_DAY_MS);
    await page.reload();
    // The browser still holds the cookie (its own clock has not moved); the page sees its age.
    expect(await consentCookie(context)).toMatch(cookieOf('---'));
    await expect(consent.dialog).toBeVisible();
  });

  test("a logged-in customer's choice is saved in the account, and taken from it without asking @default-brand", async ({
    shop,
    page,
    context,
    consent,
  }) => {
    test.setTimeout(60_000);
    const account = async () =>
      (await (await page.request.get('/api/v1/customers/current')).json()) as Record<
        string,
        unknown
      >;
    await shop.goto('/registrer');
    await dismissConsent(page);
    await submitRegistration(page, newCustomer());
    await expect(page).toHaveURL(/\/min-side$/u);
    // Still no choice: my page asks too.
    await expect(consent.dialog).toBeVisible();
    await consent.acceptAll.click();
    await expect
      .poll(async () => {
        const { cookie_default, cookie_ga, cookie_google_tag_manager, cookie_meta_pixel } =
          await account();
        return [cookie_default, cookie_ga, cookie_google_tag_manager, cookie_meta_pixel];
      })
      .toEqual([1, 1, 1, 1]);

    // Without the cookie (another browser, or a year on), the account's choice holds.
    await context.clearCookies({ name: 'cookiesAccepted' });
    await page.reload();
    const choices = page.locator('[data-cookie-choices]');
    await expect(choices).toBeVisible();
    await expect(consent.dialog).toBeHidden();
    expect(await consentCookie(context)).toMatch(cookieOf('atp'));

    // My page's choices write the cookie as well as the account.
    await choices.getByLabel(/^Annonsepiksel/u).uncheck();
    await choices.getByRole('button', { name: 'Lagre valgene' }).click();
    await expect(choices.getByText('Valgene dine er lagret.')).toBeVisible();
    expect(await consentCookie(context)).toMatch(cookieOf('at-'));
    expect((await account())['cookie_meta_pixel']).toBe(0);
  });

  test("'Personvern' opens from the cookie modal, over it, and gives focus back @default-brand", async ({
    shop,
    page,
    consent,
    privacy,
  }) => {
    await shop.goto('/');
    await consent.privacy.click();
    await expect(privacy.dialog).toBeVisible();
    await expect(privacy.heading).toBeFocused();
    await expect(
      privacy.dialog.getByRole('heading', { name: 'Informasjonskapsler' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(privacy.dialog).toBeHidden();
    await expect(consent.dialog).toBeVisible();
    await expect(consent.privacy).toBeFocused();
  });

  test('no text of the cookie modal is ever the largest contentful paint', async ({
    shop,
    page,
    consent,
  }) => {
    // Pages whose own first paint is small (a heading, the logo), at phone and desktop width.
    await page.addInitScript(() => {
      const w = window as unknown as { __lcpInModal: string[] };
      w.__lcpInModal = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LargestContentfulPaint[]) {
          if (entry.element?.closest('dialog')) w.__lcpInModal.push(entry.element.outerHTML);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    for (const size of [
      { width: 412, height: 823 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      for (const path of ['/', '/logg-inn', '/checkout']) {
        await shop.goto(path);
        await expect(consent.dialog).toBeVisible();
        // Two frames, so the modal's paint has been reported.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        expect(
          await page.evaluate(() => (window as unknown as { __lcpInModal: string[] }).__lcpInModal),
          `${path} at ${String(size.width)} px`,
        ).toEqual([]);
      }
    }
  });

  test('axe finds no violations with the cookie modal open, settings too', async ({
    shop,
    consent,
  }) => {
    await shop.goto('/');
    await expect(consent.dialog).toBeVisible();
    expect(await shop.axeViolations()).toEqual([]);
    await consent.settings.click();
    expect(await shop.axeViolations()).toEqual([]);
  });
});

test.describe('withdrawing consent', () => {
  test.use({ consentPreset: false });

  test("deletes the cookies the withdrawn kind's vendors set, on the host and its parent domain, and no other @default-brand", async ({
    shop,
    page,
    context,
    consent,
    privacy,
    baseURL,
  }) => {
    // A host under a domain of its own (Chromium sends *.localhost to this machine), so that
    // cookies can sit on the parent domain, where Google Analytics and Meta set theirs.
    const origin = `http://www.toppfart.localhost:${new URL(baseURL ?? '').port}`;
    await foreignRequests(page, origin);
    const all = { analytics: true, tagManager: true, pixel: true };
    const parent = { domain: '.toppfart.localhost', path: '/' };
    await context.addCookies([
      { name: CONSENT_COOKIE, value: encodeConsent(all, new Date()), url: origin },
      { name: '_ga', value: 'GA1.1.1.1', ...parent },
      { name: '_ga_TOPPFART01', value: 'GS1.1.1', url: origin },
      { name: '_fbp', value: 'fb.1.1.1', ...parent },
      { name: '_fbc', value: 'fb.1.1.abc', domain: '.www.toppfart.localhost', path: '/' },
      { name: '_gax', value: 'not a vendor cookie', ...parent },
    ]);
    const vendorCookies = async () =>
      (await context.cookies())
        .filter((c) => c.name.startsWith('_'))
        .map((c) => `${c.name} ${c.domain}`)
        .sort();
    expect(await vendorCookies()).toEqual([
      '_fbc .www.toppfart.localhost',
      '_fbp .toppfart.localhost',
      '_ga .toppfart.localhost',
      '_ga_TOPPFART01 www.toppfart.localhost',
      '_gax .toppfart.localhost',
    ]);

    await shop.goto(`${origin}/om-oss`);
    await expect(consent.dialog).toBeHidden();
    await shop.footer.getByRole('link', { name: 'Personvern' }).click();
    await privacy.changeChoices.click();
    await expect(consent.switch('Analyse')).toBeChecked();
    await consent.switch('Analyse').uncheck();
    await consent.save.click();
    await expect(consent.dialog).toBeHidden();
    await expect
      .poll(vendorCookies)
      .toEqual([
        '_fbc .www.toppfart.localhost',
        '_fbp .toppfart.localhost',
        '_gax .toppfart.localhost',
      ]);
    expect(await consentCookie(context)).toMatch(cookieOf('-tp'));

    // On the next page, all of it withdrawn.
    await shop.goto(`${origin}/kundeservice`);
    await shop.footer.getByRole('link', { name: 'Personvern' }).click();
    await privacy.changeChoices.click();
    await consent.necessaryOnly.click();
    await expect(consent.dialog).toBeHidden();
    await expect.poll(vendorCookies).toEqual(['_gax .toppfart.localhost']);
    expect(await consentCookie(context)).toMatch(cookieOf('---'));
  });
});

test.describe('the privacy modal', () => {
  test("the footer's 'Personvern' opens the text of /personvernerklaering, and Escape gives focus back @default-brand", async ({
    shop,
    page,
    privacy,
  }) => {
    await shop.goto('/om-oss');
    const link = shop.footer.getByRole('link', { name: 'Personvern' });
    await expect(link).toHaveAttribute('href', '/personvernerklaering');
    await link.click();
    await expect(privacy.dialog).toBeVisible();
    await expect(privacy.heading).toBeFocused();
    await expect(page).toHaveURL(/\/om-oss$/u);
    // The page's own text, its sections and the cookie table.
    const source = await (await page.request.get('/personvernerklaering')).text();
    const article = source.slice(source.indexOf('<article'), source.indexOf('</article>'));
    const sections = [...article.matchAll(/<h2[^>]*>([^<]+)<\/h2>/gu)].map((m) => m[1] ?? '');
    expect(sections.length).toBeGreaterThan(3);
    for (const title of sections) {
      await expect(
        privacy.dialog.getByRole('heading', { name: title.trim(), exact: true }),
      ).toBeVisible();
    }
    await expect(privacy.dialog.getByRole('cell', { name: 'cookiesAccepted' })).toBeVisible();
    // The analytics data is pseudonymous, not anonymous, and a withdrawal deletes the cookies.
    await expect(privacy.dialog).toContainText('pseudonymiserte, ikke anonyme');
    await expect(privacy.dialog).not.toContainText(/anonym statistikk/iu);
    await expect(privacy.dialog).toContainText(
      'Trekker du tilbake samtykket for analyse eller markedsføring, sletter vi informasjonskapslene',
    );
    expect(await shop.axeViolations()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(privacy.dialog).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('shows that it loads, and a Norwegian message with the link when the text fails @default-brand', async ({
    shop,
    page,
    privacy,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/personvernerklaering', async (route) => {
      await held;
      await route.abort();
    });
    await shop.goto('/kundeservice');
    await shop.footer.getByRole('link', { name: 'Personvern' }).click();
    await expect(privacy.loading).toBeVisible();
    release();
    await expect(privacy.error).toContainText('Personvernerklæringen kunne ikke lastes');
    await expect(privacy.loading).toBeHidden();
    await expect(privacy.error.getByRole('link', { name: 'personvernsiden' })).toHaveAttribute(
      'href',
      '/personvernerklaering',
    );
  });

  test("without JavaScript the footer's 'Personvern' is a link to the page @default-brand", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
    const page = await context.newPage();
    await page.goto('/om-oss');
    await page.locator('body > footer').getByRole('link', { name: 'Personvern' }).click();
    await expect(page).toHaveURL(/\/personvernerklaering$/u);
    await context.close();
  });
});
