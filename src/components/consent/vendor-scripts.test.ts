import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consent, ConsentVendorIds } from '../../lib/domain/consent.ts';

const IDS: ConsentVendorIds = { analytics: 'G-A1', tagManager: null, pixel: '42' };
const at = (choice: Omit<Consent, 'givenAt'>): Consent => ({ ...choice, givenAt: 0 });

interface Globals {
  dataLayer?: IArguments[];
  fbq?: { queue: IArguments[] };
  addEventListener: (type: string) => void;
}
let globals: Globals;
let scripts: string[];
/** The events the page waits for before the field measurement: the window's, the document's. */
let waits: string[];

/** A fresh copy of the module, and of the consent in force, on a page of its own. */
async function load() {
  vi.resetModules();
  const { setPersistentEngine } = await import('@nanostores/persistent');
  setPersistentEngine({}, { addEventListener: () => {}, removeEventListener: () => {} });
  return { ...(await import('./vendor-scripts.ts')), ...(await import('../../stores/consent.ts')) };
}

beforeEach(() => {
  scripts = [];
  waits = [];
  globals = { addEventListener: (type) => waits.push(`window ${type}`) };
  vi.stubGlobal('window', globals);
  vi.stubGlobal('document', {
    cookie: '',
    readyState: 'interactive',
    prerendering: false,
    addEventListener: (type: string) => waits.push(`document ${type}`),
    createElement: () => ({}),
    head: { append: (script: { src: string }) => scripts.push(script.src) },
  });
});

/** The calls made into a vendor's queue, as plain arrays. */
const calls = (queue: IArguments[] | undefined) => (queue ?? []).map((args) => [...args]);

describe('loadVendorScripts', () => {
  it('loads each allowed script once, with the choice as Google’s consent default', async () => {
    const { loadVendorScripts } = await load();
    const consent = at({ analytics: true, tagManager: false, pixel: false });
    loadVendorScripts(IDS, consent);
    loadVendorScripts(IDS, consent);
    expect(scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-A1']);
    expect(calls(globals.dataLayer)[0]).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'granted',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
  });

  it('starts the field measurement with statistics allowed, once, after the page has loaded', async () => {
    const { loadVendorScripts } = await load();
    loadVendorScripts(IDS, at({ analytics: false, tagManager: false, pixel: true }));
    expect(waits).toEqual([]);
    loadVendorScripts(IDS, at({ analytics: true, tagManager: false, pixel: true }));
    loadVendorScripts(IDS, at({ analytics: true, tagManager: true, pixel: true }));
    expect(waits).toEqual(['window load']);
  });

  it('measures a prerendered page only once the shopper opens it', async () => {
    const { loadVendorScripts } = await load();
    vi.stubGlobal('document', { ...document, prerendering: true });
    loadVendorScripts(
      { analytics: null, tagManager: null, pixel: null },
      at({ analytics: true, tagManager: false, pixel: false }),
    );
    expect(waits).toEqual(['document prerenderingchange']);
  });

  it('loads no vendor script on a prerendered page until the shopper opens it', async () => {
    const { loadVendorScripts } = await load();
    const target = new EventTarget();
    const prerendered = {
      ...document,
      prerendering: true,
      addEventListener: target.addEventListener.bind(target),
    };
    vi.stubGlobal('document', prerendered);
    loadVendorScripts(IDS, at({ analytics: false, tagManager: false, pixel: true }));
    expect(scripts).toEqual([]);
    prerendered.prerendering = false;
    target.dispatchEvent(new Event('prerenderingchange'));
    expect(scripts).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
  });

  it('tells the scripts already loaded of a withdrawal, so they write no cookie again', async () => {
    const { loadVendorScripts, $consent } = await load();
    loadVendorScripts(IDS, at({ analytics: true, tagManager: false, pixel: true }));
    $consent.set(at({ analytics: false, tagManager: false, pixel: false }));
    expect(calls(globals.dataLayer).at(-1)).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    expect(calls(globals.fbq?.queue).at(-1)).toEqual(['consent', 'revoke']);
    // And of an allowance given again.
    $consent.set(at({ analytics: false, tagManager: false, pixel: true }));
    expect(calls(globals.fbq?.queue).at(-1)).toEqual(['consent', 'grant']);
    expect(scripts).toHaveLength(2);
  });
});
