import { expect, test } from './fixtures/shop.ts';

test('home answers with the layout', async ({ shop }) => {
  await shop.goto('/');
  await expect(shop.cartLink).toBeVisible();
  await expect(shop.footer).toContainText('Kundeservice');
});
