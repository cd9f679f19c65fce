import type { Page } from '@playwright/test';
import {
  activePoll,
  answerInAnotherTab,
  answersFor,
  brandHasPolls,
  options,
  pastPoll,
  PollPage,
} from './fixtures/poll.ts';
import { expect, test } from './fixtures/shop.ts';

/** Presses Tab until a radio of `group` has focus (at most 80 presses). */
async function tabInto(page: Page, poll: PollPage, n: number): Promise<void> {
  const group = poll.question(n);
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const inside = await group.evaluate(
      (el) => el.contains(document.activeElement) && document.activeElement?.tagName === 'INPUT',
    );
    if (inside) return;
  }
  throw new Error(`Tab never reached question ${String(n + 1)}`);
}

const checkedOption = (poll: PollPage, n: number) =>
  poll.question(n).getByRole('radio', { checked: true });

test('the active poll is answered by keyboard only, right and wrong, with the scores @default-brand', async ({
  page,
  shop,
  brand,
  request,
}) => {
  if (!(await brandHasPolls(brand, request))) return;
  const poll = new PollPage(page);
  await shop.goto('/avstemning');
  await expect(poll.heading).toHaveText(activePoll.name);
  // The banner: a desktop and a mobile image at the 1020px breakpoint, sized.
  await expect(page.locator('main picture source')).toHaveAttribute('media', '(max-width: 1019px)');
  await expect(page.locator('main picture img')).toHaveAttribute('width', /\d+/);
  await expect(poll.group(0, activePoll)).toBeAttached();
  expect(await shop.axeViolations()).toEqual([]);

  // Question 1, right: Tab into the group (which brings the island into view, so it hydrates),
  // arrows to the right option, Tab to the button, Enter.
  const first = options(activePoll, 0);
  const q1 = activePoll.questions[0];
  await tabInto(page, poll, 0);
  await expect(poll.button(0)).toBeEnabled();
  const from = q1?.options.findIndex((o) => o === first.right) ?? 0;
  for (let i = 0; i < from; i++) await page.keyboard.press('ArrowDown');
  await expect(poll.question(0).getByRole('radio', { name: first.right })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(poll.button(0)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(poll.result(0)).toContainText('Riktig svar!');
  await expect(poll.announcement).toHaveText(
    `Svaret ditt er lagret. Du svarte «${first.right}». Riktig svar!`,
  );
  // Focus stays on the button, which now says the question is answered.
  await expect(poll.button(0)).toBeFocused();
  await expect(poll.button(0)).toHaveText('Besvart');
  await expect(poll.question(0).getByRole('radio', { name: first.right })).toBeDisabled();

  // The scores: every option as text and as a bar, the chosen one counted.
  const shares = poll.result(0).locator('[data-poll-share]');
  await expect(shares).toHaveCount(q1?.options.length ?? 0);
  const mine = shares.filter({ hasText: `${first.right} (ditt svar)` });
  await expect(mine).toContainText(/\d+ svar · \d+\s%/u);
  await expect(mine.getByRole('meter', { name: `${first.right} (ditt svar)` })).toBeVisible();
  const shown = Number(/(\d+) svar/u.exec((await mine.textContent()) ?? '')?.[1]);
  const pollId = activePoll.id;
  const questionId = Number(await poll.question(0).getAttribute('data-poll-question'));
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(shown).toBeLessThanOrEqual(await answersFor(request, pollId, questionId, first.right));

  // Question 2, wrong: Tab on into the next group, Space picks the focused option, Enter sends.
  const second = options(activePoll, 1);
  await tabInto(page, poll, 1);
  await expect(poll.question(1).getByRole('radio').first()).toBeFocused();
  const to = activePoll.questions[1]?.options.indexOf(second.wrong) ?? 0;
  for (let i = 0; i < to; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(poll.question(1).getByRole('radio', { name: second.wrong })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(poll.result(1)).toContainText('Feil svar.');
  await expect(poll.announcement).toContainText('Feil svar.');
  await expect(poll.score).toContainText(
    `Du har svart på 2 av ${String(activePoll.questions.length)} spørsmål. 50\u00a0% av svarene dine er riktige.`,
  );
  expect(await shop.axeViolations()).toEqual([]);

  // A reload shows both answered, from this session's answers.
  await page.reload();
  await expect(poll.result(0)).toContainText('Riktig svar!');
  await expect(poll.result(1)).toContainText('Feil svar.');
  await expect(checkedOption(poll, 0)).toHaveAccessibleName(first.right);
  await expect(checkedOption(poll, 1)).toHaveAccessibleName(second.wrong);
  await expect(poll.button(1)).toHaveText('Besvart');
  await expect(poll.button(2)).toHaveText('Svar');
  await expect(poll.score).toContainText('Du har svart på 2 av');
});

test('a question answered in another tab shows the answer that stands (409) @default-brand', async ({
  page,
  shop,
  brand,
  request,
}) => {
  if (!(await brandHasPolls(brand, request))) return;
  const poll = new PollPage(page);
  await shop.goto('/avstemning');
  await poll.ready();
  // Another tab of the same session answers question 3 right.
  const third = options(activePoll, 2);
  const questionId = Number(await poll.question(2).getAttribute('data-poll-question'));
  expect(await answerInAnotherTab(page, activePoll.id, questionId, third.right)).toBe(201);

  // This tab still offers the question; its wrong answer meets the stored right one.
  await poll.question(2).getByRole('radio', { name: third.wrong }).check();
  await poll.button(2).click();
  await expect(poll.announcement).toHaveText(
    `Du har allerede svart på dette spørsmålet. Du svarte «${third.right}». Riktig svar!`,
  );
  await expect(checkedOption(poll, 2)).toHaveAccessibleName(third.right);
  await expect(poll.result(2)).toContainText('Riktig svar!');
});

test('sending without a choice asks for one, in Norwegian @default-brand', async ({
  page,
  shop,
  brand,
  request,
}) => {
  if (!(await brandHasPolls(brand, request))) return;
  const poll = new PollPage(page);
  await shop.goto('/avstemning');
  await poll.ready(3);
  await poll.button(3).click();
  await expect(poll.question(3).getByRole('alert')).toHaveText('Velg et svar før du sender.');
  await expect(poll.button(3)).toHaveAccessibleDescription('Velg et svar før du sender.');
});

test('a failed answer says so in Norwegian and can be sent again @default-brand', async ({
  page,
  shop,
  brand,
  request,
}) => {
  if (!(await brandHasPolls(brand, request))) return;
  const poll = new PollPage(page);
  await shop.goto('/avstemning');
  await poll.ready(3);
  const answers = /\/api\/v1\/polls\/questions\/\d+\/answers/u;
  await page.route(answers, (route) =>
    route.fulfill({ status: 500, json: { message: 'Server Error' } }),
  );
  const { right } = options(activePoll, 3);
  await poll.question(3).getByRole('radio', { name: right }).check();
  await poll.button(3).click();
  await expect(poll.question(3).getByRole('alert')).toHaveText(
    'Vi kunne ikke lagre svaret ditt akkurat nå. Prøv igjen om litt.',
  );
  await page.unroute(answers);
  await poll.button(3).click();
  await expect(poll.result(3)).toContainText('Riktig svar!');
  await expect(poll.question(3).getByRole('alert')).toHaveCount(0);
});

test('a poll page by id: built for the active poll, looked up for another, not found else @default-brand', async ({
  page,
  shop,
  brand,
  request,
}) => {
  if (!(await brandHasPolls(brand, request))) return;
  const poll = new PollPage(page);

  // The active poll's page is built: its questions are in the HTML.
  const built = await request.get(`/avstemning/${String(activePoll.id)}`);
  expect(built.status()).toBe(200);
  expect(await built.text()).toContain(activePoll.questions[0]?.question ?? '?');

  // A poll the build did not know: the shell looks it up, and it can be answered.
  await shop.goto(`/avstemning/${String(pastPoll.id)}`);
  await expect(poll.heading).toHaveText(pastPoll.name);
  await expect(page).toHaveTitle(pastPoll.name);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await poll.ready();
  const { right } = options(pastPoll, 0);
  await poll.question(0).getByRole('radio', { name: right }).check();
  await poll.button(0).click();
  await expect(poll.result(0)).toContainText('Riktig svar!');
  expect(await shop.axeViolations()).toEqual([]);

  await shop.goto('/avstemning/999999');
  await expect(poll.heading).toHaveText('Fant ikke avstemningen');
  await expect(page.getByRole('link', { name: 'Se avstemningen som pågår nå' })).toHaveAttribute(
    'href',
    '/avstemning',
  );
  expect(await shop.axeViolations()).toEqual([]);
});
