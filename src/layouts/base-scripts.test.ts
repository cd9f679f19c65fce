import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { started } = vi.hoisted(() => ({ started: [] as string[] }));
const starter = (name: string) => () => {
  started.push(name);
};
vi.mock('../components/layout/header.ts', () => ({ startHeader: starter('header') }));
vi.mock('../components/layout/account-link.ts', () => ({ startAccountLink: starter('account') }));
vi.mock('../components/layout/cart-link.ts', () => ({ startCartLink: starter('cart') }));
vi.mock('../components/layout/back-crumb.ts', () => ({ startBackCrumb: starter('crumb') }));
vi.mock('../components/layout/alert-host.ts', () => ({ startAlertHost: starter('alerts') }));
vi.mock('../components/layout/picture-fallback.ts', () => ({
  startPictureFallback: starter('pictures'),
}));
vi.mock('../components/layout/favourite-hearts.ts', () => ({
  startFavouriteHearts: starter('hearts'),
}));
vi.mock('../components/consent/consent-check.ts', () => ({
  startConsentCheck: starter('consent'),
}));
vi.mock('../components/consent/privacy-dialog.ts', () => ({
  startPrivacyDialog: starter('privacy'),
}));
vi.mock('../components/layout/stylesheet-check.ts', () => ({
  startStylesheetCheck: starter('stylesheets'),
}));

const ORDER = [
  'header',
  'account',
  'cart',
  'crumb',
  'alerts',
  'pictures',
  'hearts',
  'consent',
  'privacy',
  'stylesheets',
];

/** The tasks the module has queued and the browser has not run yet. */
let tasks: Array<() => void> = [];

/** Lets the module's promises and imports settle, without running a queued task. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Runs the module as a page would, checking after each task that one more start has run. */
async function expectOneStartPerTask(): Promise<void> {
  const running = import('./base-scripts.ts');
  await vi.waitUntil(() => started.length > 0);
  for (let i = 1; i <= ORDER.length; i++) {
    await settle();
    expect(started).toEqual(ORDER.slice(0, i));
    expect(tasks).toHaveLength(1);
    tasks.shift()?.();
  }
  await running;
  expect(started).toEqual(ORDER);
}

describe('the layout module script', () => {
  beforeEach(() => {
    vi.resetModules();
    started.length = 0;
    tasks = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts the components in order, each in a task of its own (scheduler.yield)', async () => {
    vi.stubGlobal('scheduler', {
      yield: () => new Promise<void>((resolve) => tasks.push(resolve)),
    });
    await expectOneStartPerTask();
  });

  it('falls back to setTimeout where scheduler.yield is missing', async () => {
    vi.stubGlobal('setTimeout', (run: () => void) => tasks.push(run));
    await expectOneStartPerTask();
  });
});
