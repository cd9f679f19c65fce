import { Hono } from 'hono';
import { publishingAssets } from '../assets.ts';

/**
 * The page's style sheet and script (../assets.ts), at paths versioned by their content.
 */

/** The style sheet: it holds no data, and the sign-in page needs it. */
export const styleRoutes = new Hono().get('/stil/:file{[0-9a-f]+\\.css}', async (c) => {
  const { css } = await publishingAssets();
  return c.body(css.body, 200, { 'Content-Type': `${css.type}; charset=utf-8` });
});

/** The live progress's script, for a signed-in page only. */
export const scriptRoutes = new Hono().get('/skript/:file{[0-9a-f]+\\.js}', async (c) => {
  const { script } = await publishingAssets();
  return c.body(script.body, 200, { 'Content-Type': `${script.type}; charset=utf-8` });
});
