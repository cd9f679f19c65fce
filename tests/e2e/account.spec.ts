import { AccountPage, linkFromOutbox, newCustomer } from './fixtures/account.ts';
import { CartData, CheckoutPage, collectable, withCart } from './fixtures/checkout.ts';
import { ListingPage } from './fixtures/listing-page.ts';
import { expect, test } from './fixtures/shop.ts';

// docs/spec.md §8's messages, word for word.
const TOO_MANY =
  'Du har brukt opp antall innloggingsforsøk - for å beskytte kontoen din tillater vi ikke flere forsøk på en stund.  Vennligst kom tilbake senere og prøv igjen.';
const WRONG = 'Feil brukernavn/passord - har du glemt passordet ditt?';
const RELOAD = 'Vennligst last siden på nytt';

test.describe('accounts @default-brand', () => {
  test('register, verify, reserve, see history, update, scan the code, log out, log in', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await expect(page).toHaveURL(/\/min-side$/u);
    await expect(page.locator('[data-customer-name]')).toHaveText('Kari');
    await expect(page.locator('[data-unverified]')).toBeVisible();

    // The verification e-mail's link, from the development outbox.
    await page.goto(await linkFromOutbox(page.request, customer.email, '/bekreft-epost'));
    await expect(page.getByText('Takk! E-postadressen din er bekreftet.')).toBeVisible();

    // The customer code: the QR image decodes to what the API says the code is.
    await account.goto('/min-side');
    await expect(page.locator('[data-unverified]')).toBeHidden();
    const decoded = await account.decodedCustomerCode();
    const { code } = (await (await page.request.get('/api/v1/customers/current/code')).json()) as {
      code: string;
    };
    expect(decoded).toBe(code);

    // Update one field; it stays after a reload.
    await page.getByLabel('Etternavn').fill('Hansen');
    await page.getByRole('button', { name: 'Lagre endringene' }).click();
    await expect(page.getByText('Endringene er lagret.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Etternavn')).toHaveValue('Hansen');

    // A reservation at checkout while logged in shows in the history.
    const data = new CartData(page.request);
    const [pick] = await data.find(collectable, 1, 320);
    if (!pick) throw new Error('no article');
    const checkout = new CheckoutPage(page);
    // Into the logged-in customer's cart (withCart would clear the stored user as well).
    await page.evaluate((line) => {
      localStorage.setItem('orders', JSON.stringify([line]));
      localStorage.setItem('count', '1');
    }, CartData.line(pick));
    await checkout.goto('/checkout');
    // The checkout is filled in from the account.
    await expect(checkout.field('E-post')).toHaveValue(customer.email);
    await checkout.shipping(/Klikk & Hent/);
    await checkout.pickupShops().first().getByRole('radio').check();
    await checkout.submit.click();
    await expect(page.getByRole('heading', { name: 'Varene er reservert' })).toBeVisible();
    const number = (await page.locator('[data-result-number]').textContent())?.trim() ?? '';
    await account.goto('/min-side/historikk');
    await expect(page.locator('[data-history-list="reservations"]')).toContainText(
      `Reservasjon ${number}`,
    );

    // Log out, then in again with the new surname kept.
    await account.goto('/min-side');
    await account.logOut();
    await account.goto('/logg-inn');
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/\/min-side$/u);
    await expect(page.getByLabel('Etternavn')).toHaveValue('Hansen');
  });

  test('five wrong passwords reach the 429 message', async ({ page }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await expect(page).toHaveURL(/\/min-side$/u);
    await account.logOut();
    await account.goto('/logg-inn');
    for (let i = 0; i < 5; i++) {
      await account.logIn(customer.email, 'feil-passord');
      await expect(account.message).toHaveText(WRONG);
    }
    await account.logIn(customer.email, customer.password);
    await expect(account.message).toHaveText(TOO_MANY);
  });

  test('logging in in one tab reloads the other', async ({ page, context }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await account.logOut();

    const other = await context.newPage();
    await other.goto('/kundeservice');
    await expect(other.locator('[data-account-link]')).toHaveAttribute('title', 'Logg inn');
    await other.evaluate(() => {
      (window as { beforeReload?: boolean }).beforeReload = true;
    });

    await account.goto('/logg-inn');
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/\/min-side$/u);
    // An evaluate that the reload itself cuts short says "not yet", not a failure.
    await expect
      .poll(() =>
        other
          .evaluate(() => (window as { beforeReload?: boolean }).beforeReload)
          .catch(() => 'reloading'),
      )
      .toBeUndefined();
    await expect(other.locator('[data-account-link]')).toHaveAttribute('title', 'Min side');
  });

  test('a stale anti-forgery token shows the reload message', async ({ page }) => {
    const account = new AccountPage(page);
    await account.goto('/logg-inn');
    // The login always carries a token the server no longer knows, the retry included.
    await page.route('**/api/v1/customers/login/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-xsrf-token': 'utdatert' } }),
    );
    await account.logIn('kari@eksempel.no', 'hva-som-helst');
    await expect(account.message).toHaveText(RELOAD);
  });

  test('a page that needs an account sends a guest to log in and back', async ({ page }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await account.logOut();
    await page.goto('/min-side/historikk');
    await expect(page).toHaveURL(/\/logg-inn\?neste=%2Fmin-side%2Fhistorikk$/u);
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/\/min-side\/historikk$/u);
    await expect(page.getByRole('heading', { name: /Reservasjoner/ })).toBeVisible();
  });

  test('register and log in by keyboard alone', async ({ page }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.goto('/registrer');
    await page.getByLabel('Fornavn').focus();
    for (const value of [
      customer.firstname,
      customer.surname,
      customer.email,
      customer.phone,
      customer.password,
      customer.password,
    ]) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space'); // the terms
    await expect(page.getByLabel(/Jeg godtar/)).toBeChecked();
    // On past the terms' links and the newsletter to the button.
    const submit = page.getByRole('button', { name: 'Registrer meg' });
    for (let i = 0; i < 6 && !(await submit.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/min-side$/u);
    await account.logOut();

    await account.goto('/logg-inn');
    await page.getByLabel('E-post eller mobilnummer').focus();
    await page.keyboard.type(customer.phone);
    await page.keyboard.press('Tab');
    await page.keyboard.type(customer.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/min-side$/u);
  });

  test('axe finds no violations on the account pages, with errors shown', async ({ page }) => {
    // Seven pages scanned by axe and a registration: more than the default 30 s on 2 cores.
    test.setTimeout(60_000);
    const account = new AccountPage(page);
    await account.goto('/logg-inn');
    await account.logIn('finnes.ikke@eksempel.no', 'feil-passord');
    await expect(account.message).toHaveText(WRONG);
    expect(await account.axeViolations()).toEqual([]);

    await account.goto('/registrer');
    await page.getByRole('button', { name: 'Registrer meg' }).click();
    await expect(account.message).toBeVisible();
    expect(await account.axeViolations()).toEqual([]);

    for (const path of ['/glemt-passord', '/nytt-passord', '/bekreft-epost']) {
      await account.goto(path);
      expect(await account.axeViolations(), path).toEqual([]);
    }

    await account.register(newCustomer());
    await expect(page.locator('[data-customer-code] [role="img"]')).toBeVisible();
    expect(await account.axeViolations()).toEqual([]);
    await account.goto('/min-side/historikk');
    await expect(page.getByText('Du har ingen reservasjoner ennå.')).toBeVisible();
    expect(await account.axeViolations()).toEqual([]);
  });
});

test.describe('login returns @default-brand', () => {
  test('login from a listing returns to the listing, its sort kept', async ({ page }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await account.logOut();

    const listing = new ListingPage(page);
    await listing.goto('/klaer');
    await listing.sortSelect.selectOption('price');
    await expect(page).toHaveURL(/sortering=pris/u);
    await account.accountLink.click();
    await expect(page).toHaveURL(/\/logg-inn\?neste=%2Fklaer%3F/u);
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/\/klaer\?(.*&)?sortering=pris/u);
    await expect(account.accountLink).toHaveAttribute('title', 'Min side');
    // Logged in, the same link leads to my page.
    await account.accountLink.click();
    await expect(page).toHaveURL(/\/min-side$/u);
  });

  test('a login page reached from another site goes on to my page only', async ({ page }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await account.logOut();
    await account.goto(`/logg-inn?neste=${encodeURIComponent('//evil.example/klaer')}`);
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/min-side$/u);
  });
});

test.describe('accounts on every brand', () => {
  test('the header shows the logged-in state, and login from the cart reopens the cart', async ({
    page,
  }) => {
    const account = new AccountPage(page);
    const customer = newCustomer();
    await account.register(customer);
    await expect(account.accountLink).toHaveAttribute('title', 'Min side');
    await account.logOut();

    const data = new CartData(page.request);
    const [pick] = await data.find(collectable, 1, 360, page);
    if (!pick) throw new Error('no article');
    await withCart(page, [CartData.line(pick)], '/kundeservice');
    await account.cartLink.click();
    await page.locator('[data-cart-login]').click();
    await expect(page).toHaveURL(/\/logg-inn\?neste=/u);
    await account.logIn(customer.email, customer.password);
    await expect(page).toHaveURL(/\/kundeservice$/u);
    await expect(page.getByRole('dialog', { name: 'Min Handlekurv' })).toBeVisible();
    await expect(account.accountLink).toHaveAttribute('title', 'Min side');
  });
});
