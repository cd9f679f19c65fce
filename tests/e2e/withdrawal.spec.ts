import { AccountPage, linkFromOutbox, newCustomer } from './fixtures/account.ts';
import { axeViolations } from './fixtures/axe.ts';
import { CartData, deliverable } from './fixtures/checkout.ts';
import { expect, test } from './fixtures/shop.ts';
import {
  MOMENT,
  momentIn,
  outboxTo,
  payForDelivery,
  receiptsOf,
  WithdrawalPage,
} from './fixtures/withdrawal.ts';

// The withdrawal function (angrefunksjon, issues 23 and 44): a paid order is withdrawn, whole
// or in part, in a second, confirming step, shows what was withdrawn and when, and its
// receipt is in the outbox at once. No order here is delivered, so none has a last day yet.
// Each test buys from its own range of article ids.
test.describe('withdrawal @default-brand', () => {
  test('a customer withdraws a paid order from my page and gets the receipt', async ({ page }) => {
    test.setTimeout(90_000);
    const customer = newCustomer();
    await new AccountPage(page).register(customer);
    await expect(page).toHaveURL(/\/min-side$/u);
    // My page says where a purchase is withdrawn.
    await page.getByRole('link', { name: 'angre kjøpet fra ordrelisten' }).click();
    await expect(page).toHaveURL(/\/min-side\/historikk#historikk-orders$/u);

    const [pick] = await new CartData(page.request).find(deliverable(), 1, 1200);
    if (!pick) throw new Error('no article');
    const number = await payForDelivery(page, [pick], customer.email);

    const withdrawal = new WithdrawalPage(page);
    await withdrawal.goto('/min-side/historikk');
    await expect(withdrawal.order(number)).toContainText(pick.article.name);
    await expect(withdrawal.order(number)).toContainText(
      'Angrefristen begynner når du har fått alle varene',
    );
    await withdrawal.withdrawButton(number).click();

    // The second step names the order and asks to confirm; nothing is withdrawn yet.
    await expect(withdrawal.dialog).toBeVisible();
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText(
      `Angre kjøpet av ordre ${number}?`,
    );
    await expect(withdrawal.dialog).toContainText(pick.article.name);
    await expect(withdrawal.confirm).toBeVisible();
    expect(await withdrawal.dialogViolations()).toEqual([]);
    expect((await outboxTo(page.request, customer.email)).map((m) => m.subject)).not.toContain(
      `Kvittering: ordre ${number} er angret`,
    );

    await withdrawal.confirm.click();
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText('Kjøpet er angret');
    await expect(withdrawal.dialog.getByRole('status')).toContainText(
      `Vi har sendt en kvittering til ${customer.email}`,
    );
    await expect(withdrawal.dialog.getByRole('heading')).toBeFocused();
    expect(await withdrawal.dialogViolations()).toEqual([]);
    await withdrawal.dialog.getByRole('button', { name: 'Lukk' }).click();
    await expect(withdrawal.dialog).toBeHidden();
    await expect(withdrawal.order(number).locator('[data-order-status]')).toBeFocused();

    await expect(withdrawal.order(number).locator('[data-order-status]')).toHaveText(/^Angret/u);
    await expect(withdrawal.withdrawButton(number)).toHaveCount(0);
    // Still withdrawn after a reload: the backend recorded it.
    await page.reload();
    await expect(withdrawal.order(number).locator('[data-order-status]')).toHaveText(/^Angret/u);

    const receipts = (await outboxTo(page.request, customer.email)).filter(
      (m) => m.subject === `Kvittering: ordre ${number} er angret`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(pick.article.name);
  });

  test('a guest withdraws through the link in the order confirmation', async ({ page }) => {
    test.setTimeout(90_000);
    const email = newCustomer().email;
    const [pick] = await new CartData(page.request).find(deliverable(), 1, 1240);
    if (!pick) throw new Error('no article');
    const number = await payForDelivery(page, [pick], email);

    const link = await linkFromOutbox(page.request, email, '/angre');
    expect(new URL(link, 'http://shop').searchParams.get('ordre')).toBe(number);
    const withdrawal = new WithdrawalPage(page);
    await withdrawal.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Angre kjøpet');
    await expect(page.getByText('Har du konto hos oss?')).toHaveText(
      'Har du konto hos oss? Da kan du også angre fra ordrene dine på Min side.',
    );
    await page.getByRole('button', { name: 'Angre kjøpet' }).click();
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText(
      `Angre kjøpet av ordre ${number}?`,
    );
    await expect(withdrawal.dialog).toContainText(pick.article.name);
    await withdrawal.confirm.click();
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText('Kjøpet er angret');
    await page.keyboard.press('Escape');
    await expect(withdrawal.guestStatus).toHaveText(
      new RegExp(`^Ordre ${number} er angret ${MOMENT.source}\\. Kvitteringen er sendt til `, 'u'),
    );
    await expect(withdrawal.guestStatus).toContainText(email);
    await expect(withdrawal.guestStatus).toBeFocused();

    // The link opened again says so instead of asking a second time.
    await withdrawal.goto(link);
    await page.getByRole('button', { name: 'Angre kjøpet' }).click();
    await expect(withdrawal.dialog.getByRole('alert')).toHaveText(
      `Ordre ${number} er allerede angret.`,
    );
    await expect(withdrawal.confirm).toHaveCount(0);
    const receipts = (await outboxTo(page.request, email)).filter((m) =>
      m.subject.endsWith('er angret'),
    );
    expect(receipts).toHaveLength(1);
  });

  test('anyone withdraws from the footer’s Angre kjøp by order number and e-mail address', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = newCustomer().email;
    const [pick] = await new CartData(page.request).find(deliverable(), 1, 1280);
    if (!pick) throw new Error('no article');
    const number = await payForDelivery(page, [pick], email);

    // Found from any page, as the order button is.
    const withdrawal = new WithdrawalPage(page);
    await withdrawal.goto('/');
    await page
      .getByRole('navigation', { name: 'Bunntekst' })
      .getByRole('link', { name: 'Angre kjøp' })
      .click();
    await expect(page).toHaveURL(/\/angre-kjop$/u);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Angre kjøp');
    await expect(page.getByText('Har du konto hos oss?')).toHaveText(
      'Har du konto hos oss? Da kan du også angre fra ordrene dine på Min side. Du kan også sende oss angreskjemaet.',
    );

    // Sent empty: both fields say what they need, the first takes focus, nothing opens.
    const submit = page.getByRole('button', { name: 'Angre kjøpet' });
    await submit.click();
    await expect(withdrawal.formField('Ordrenummer')).toHaveAccessibleDescription(
      /Skriv inn ordrenummeret fra ordrebekreftelsen, bare siffer/u,
    );
    await expect(withdrawal.formField('E-postadresse')).toHaveAccessibleDescription(
      /Skriv inn en gyldig e-postadresse/u,
    );
    await expect(withdrawal.formField('Ordrenummer')).toBeFocused();
    await expect(withdrawal.dialog).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Another address: the order is not shown, and the dialog says so in Norwegian.
    await withdrawal.formField('Ordrenummer').fill(number);
    await withdrawal.formField('E-postadresse').fill(`annen-${email}`);
    await submit.click();
    await expect(withdrawal.dialog.getByRole('alert')).toHaveText(
      'Vi fant ingen ordre med dette ordrenummeret og denne e-postadressen. Sjekk ordrebekreftelsen.',
    );
    await expect(withdrawal.confirm).toHaveCount(0);
    await withdrawal.dialog.getByRole('button', { name: 'Lukk' }).click();
    await expect(withdrawal.dialog).toBeHidden();
    await expect(submit).toBeFocused();

    // The right address, typed in capitals, by keyboard alone.
    await withdrawal.formField('E-postadresse').fill('');
    await withdrawal.formField('E-postadresse').focus();
    await page.keyboard.type(email.toUpperCase());
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText(
      `Angre kjøpet av ordre ${number}?`,
    );
    await expect(withdrawal.dialog).toContainText(pick.article.name);
    expect(await withdrawal.dialogViolations()).toEqual([]);
    await withdrawal.confirm.focus();
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText('Kjøpet er angret');
    await page.keyboard.press('Escape');
    await expect(withdrawal.formStatus).toHaveText(
      new RegExp(`^Ordre ${number} er angret ${MOMENT.source}\\. Kvitteringen er sendt til `, 'u'),
    );
    await expect(withdrawal.formStatus).toContainText(email);
    await expect(withdrawal.formStatus).toBeFocused();

    const receipts = (await outboxTo(page.request, email)).filter((m) =>
      m.subject.endsWith('er angret'),
    );
    expect(receipts).toHaveLength(1);
  });
  test('a customer withdraws one of two lines from my page by keyboard, and the receipt names only it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const customer = newCustomer();
    await new AccountPage(page).register(customer);
    await expect(page).toHaveURL(/\/min-side$/u);
    const [returned, kept] = await new CartData(page.request).find(deliverable(), 2, 1320);
    if (!returned || !kept) throw new Error('no articles');
    expect(returned.article.name).not.toContain(kept.article.name);
    expect(kept.article.name).not.toContain(returned.article.name);
    const number = await payForDelivery(page, [returned, kept], customer.email);

    const withdrawal = new WithdrawalPage(page);
    await withdrawal.goto('/min-side/historikk');
    await expect(withdrawal.order(number)).toContainText(kept.article.name);
    await page.keyboard.press('Tab');
    await expect(withdrawal.skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await withdrawal.tabTo(withdrawal.withdrawButton(number));
    await page.keyboard.press('Enter');

    // Everything is chosen at first; the shopper keeps one line.
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText(
      `Angre kjøpet av ordre ${number}?`,
    );
    await expect(withdrawal.dialog.getByRole('group', { name: 'Hva vil du angre?' })).toBeVisible();
    await expect(withdrawal.lineChoice(returned.article.name)).toBeChecked();
    await expect(withdrawal.lineChoice(kept.article.name)).toBeChecked();
    await expect(withdrawal.dialog).toContainText(
      'Du har ikke fått alle varene ennå, så angrefristen har ikke begynt. Du kan angre nå.',
    );
    expect(await withdrawal.dialogViolations()).toEqual([]);
    await withdrawal.tabTo(withdrawal.lineChoice(kept.article.name));
    await page.keyboard.press('Space');
    await expect(withdrawal.lineChoice(kept.article.name)).not.toBeChecked();
    await withdrawal.tabTo(withdrawal.confirm);
    await page.keyboard.press('Enter');

    // The receipt: only the line withdrawn, with the date and time, focused.
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText('Delvis angret');
    await expect(withdrawal.dialog.getByRole('heading')).toBeFocused();
    await expect(withdrawal.receipt).toContainText(`Du har angret en del av ordre ${number}`);
    await expect(withdrawal.receipt).toContainText(
      `Vi har sendt en kvittering til ${customer.email}`,
    );
    await expect(withdrawal.receipt).toContainText(
      'men vi kan vente med tilbakebetalingen til vi har mottatt varene, eller til du har vist oss at de er sendt.',
    );
    const lines = withdrawal.receipt.getByRole('list', { name: 'Angret' }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText(`1 × ${returned.article.name}`);
    const moment = momentIn((await withdrawal.receipt.textContent()) ?? '');
    expect(await withdrawal.dialogViolations()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(withdrawal.dialog).toBeHidden();

    // My page says what was withdrawn and when, and offers the rest.
    const status = withdrawal.order(number).locator('[data-order-status]');
    await expect(status).toBeFocused();
    await expect(status).toContainText('Delvis angret');
    await expect(status).toContainText(`Angret ${moment}: 1 × ${returned.article.name}`);
    await expect(withdrawal.withdrawButton(number)).toBeVisible();
    await page.reload();
    await expect(withdrawal.order(number).locator('[data-order-status]')).toContainText(
      `Angret ${moment}: 1 × ${returned.article.name}`,
    );
    expect(await withdrawal.axeViolations()).toEqual([]);

    const receipts = await receiptsOf(page.request, customer.email, number);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(returned.article.name);
    expect(receipts[0]?.text).not.toContain(kept.article.name);
    expect(receipts[0]?.text).toContain(moment);

    // The rest, one unit, is asked without a choice, and then the order is withdrawn.
    await withdrawal.withdrawButton(number).focus();
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog).toContainText('Når du bekrefter, er resten av ordren angret');
    await expect(withdrawal.dialog.getByRole('checkbox')).toHaveCount(0);
    await expect(withdrawal.dialog.getByRole('listitem')).toHaveCount(1);
    await expect(withdrawal.dialog.getByRole('listitem')).toContainText(kept.article.name);
    await withdrawal.tabTo(withdrawal.confirm);
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText('Kjøpet er angret');
    await expect(withdrawal.receipt).toContainText(`Ordre ${number} er angret`);
    const rest = withdrawal.receipt.getByRole('list', { name: 'Angret' }).getByRole('listitem');
    await expect(rest).toHaveCount(1);
    await expect(rest).toContainText(`1 × ${kept.article.name}`);
    await page.keyboard.press('Escape');
    await expect(withdrawal.order(number).locator('[data-order-status]')).toHaveText(/^Angret/u);
    await expect(withdrawal.withdrawButton(number)).toHaveCount(0);
    expect(await receiptsOf(page.request, customer.email, number)).toHaveLength(2);
  });

  test('a guest withdraws one of two lines from the footer’s Angre kjøp by keyboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = newCustomer().email;
    const [returned, kept] = await new CartData(page.request).find(deliverable(), 2, 1360);
    if (!returned || !kept) throw new Error('no articles');
    expect(returned.article.name).not.toContain(kept.article.name);
    expect(kept.article.name).not.toContain(returned.article.name);
    const number = await payForDelivery(page, [returned, kept], email);

    const withdrawal = new WithdrawalPage(page);
    await withdrawal.goto('/');
    const footerLink = page
      .getByRole('navigation', { name: 'Bunntekst' })
      .getByRole('link', { name: 'Angre kjøp' });
    await footerLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/angre-kjop$/u);
    await page.keyboard.press('Tab');
    await expect(withdrawal.skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await withdrawal.tabTo(withdrawal.formField('Ordrenummer'));
    await page.keyboard.type(number);
    await page.keyboard.press('Tab');
    await expect(withdrawal.formField('E-postadresse')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText(
      `Angre kjøpet av ordre ${number}?`,
    );

    // Nothing chosen: the dialog says so and sends nothing; focus goes to the first line.
    for (const pick of [returned, kept]) {
      await withdrawal.tabTo(withdrawal.lineChoice(pick.article.name));
      await page.keyboard.press('Space');
      await expect(withdrawal.lineChoice(pick.article.name)).not.toBeChecked();
    }
    await withdrawal.tabTo(withdrawal.confirm);
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog.getByRole('alert')).toHaveText(
      'Velg minst én vare du vil angre.',
    );
    await expect(withdrawal.dialog.getByRole('checkbox').first()).toBeFocused();
    expect(await withdrawal.dialogViolations()).toEqual([]);
    expect(await receiptsOf(page.request, email, number)).toEqual([]);

    await withdrawal.tabTo(withdrawal.lineChoice(returned.article.name));
    await page.keyboard.press('Space');
    await expect(withdrawal.dialog.getByRole('alert')).toHaveCount(0);
    await withdrawal.tabTo(withdrawal.confirm);
    await page.keyboard.press('Enter');
    await expect(withdrawal.dialog.getByRole('heading')).toHaveText('Delvis angret');
    const lines = withdrawal.receipt.getByRole('list', { name: 'Angret' }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    const units = (await lines.textContent()) ?? '';
    expect(units).toContain(`1 × ${returned.article.name}`);
    const moment = momentIn((await withdrawal.receipt.textContent()) ?? '');
    expect(await withdrawal.dialogViolations()).toEqual([]);
    await page.keyboard.press('Escape');

    // The form's place says what was withdrawn and when.
    await expect(withdrawal.formStatus).toHaveText(
      `Du har angret ${units} fra ordre ${number} ${moment}. Kvitteringen er sendt til ${email}.`,
    );
    await expect(withdrawal.formStatus).toBeFocused();
    expect(await withdrawal.axeViolations()).toEqual([]);

    const receipts = await receiptsOf(page.request, email, number);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(returned.article.name);
    expect(receipts[0]?.text).not.toContain(kept.article.name);
    expect(receipts[0]?.text).toContain(moment);
  });
});
