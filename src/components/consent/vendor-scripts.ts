/**
 * Loads the optional vendors' real scripts, each only once the shopper has allowed its kind
 * (never before): Google Analytics (gtag.js), Google Tag Manager (gtm.js) and the Meta
 * Pixel (fbevents.js), with the small queues their own snippets set up first, so nothing
 * inline is needed under the page's Content-Security-Policy. A script stays for the rest of
 * the page once loaded, but a kind withdrawn meanwhile is withdrawn in it too (Google's
 * consent mode, the pixel's consent call), so that it writes none of the cookies the
 * withdrawal deleted again; a withdrawn kind is not loaded on the next page.
 */

import { vendorScriptUrl } from '../../lib/domain/consent-kinds.ts';
import { whenShown } from '../../lib/html/when-shown.ts';
import type { Consent, ConsentKind, ConsentVendorIds } from '../../lib/domain/consent.ts';
import { $consent } from '../../stores/consent.ts';

/** What the vendors' scripts read from `window`. */
interface VendorGlobals {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: PixelQueue;
  _fbq?: PixelQueue;
}

interface PixelQueue {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: PixelQueue;
  loaded: boolean;
  version: string;
}

const vendorWindow = window as Window & VendorGlobals;
const loaded = new Set<ConsentKind>();
let measuring = false;

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Google's consent mode for `consent`: what Google's tags may store and send. */
function consentModes(consent: Consent): Record<string, 'granted' | 'denied'> {
  const granted = (yes: boolean) => (yes ? 'granted' : 'denied');
  return {
    analytics_storage: granted(consent.analytics),
    ad_storage: granted(consent.pixel),
    ad_user_data: granted(consent.pixel),
    ad_personalization: granted(consent.pixel),
  };
}

/** Google's queue, read by both gtag.js and gtm.js; answers the `gtag` function. */
function googleQueue(consent: Consent): (...args: unknown[]) => void {
  const dataLayer = (vendorWindow.dataLayer ??= []);
  if (!vendorWindow.gtag) {
    vendorWindow.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js reads only `arguments` objects.
      dataLayer.push(arguments);
    };
    // Google's consent mode tells Tag Manager's tags what the shopper chose.
    vendorWindow.gtag('consent', 'default', consentModes(consent));
  }
  return vendorWindow.gtag;
}

const loaders: Record<ConsentKind, (id: string, consent: Consent) => void> = {
  analytics: (id, consent) => {
    const gtag = googleQueue(consent);
    gtag('js', new Date());
    gtag('config', id);
  },
  tagManager: (_id, consent) => {
    googleQueue(consent);
    vendorWindow.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  },
  pixel: (id) => {
    // Meta's snippet: calls queue up (as `arguments` objects) until fbevents.js takes over.
    const fbq = function () {
      /* eslint-disable prefer-rest-params -- as Meta's snippet queues them. */
      if (fbq.callMethod) fbq.callMethod(...arguments);
      else fbq.queue.push(arguments);
      /* eslint-enable prefer-rest-params */
    } as PixelQueue;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = '2.0';
    vendorWindow.fbq ??= fbq;
    vendorWindow._fbq ??= vendorWindow.fbq;
    vendorWindow.fbq('init', id);
    vendorWindow.fbq('track', 'PageView');
  },
};

// A choice made later on this page reaches the scripts loaded: what it refuses, they stop
// storing and sending; what it allows again, they take up again.
$consent.listen((consent) => {
  if (!consent) return;
  vendorWindow.gtag?.('consent', 'update', consentModes(consent));
  if (loaded.has('pixel')) vendorWindow.fbq?.('consent', consent.pixel ? 'grant' : 'revoke');
});

/**
 * The field measurement (field-vitals.ts) once the page is loaded (a prerendered page's
 * once it is shown: loadVendorScripts waits for that), the code after the first paint.
 */
function startMeasuring(): void {
  if (document.readyState !== 'complete') {
    window.addEventListener('load', startMeasuring, { once: true });
  } else {
    import('./field-vitals.ts')
      .then(({ startFieldVitals }) => startFieldVitals())
      .catch((error: unknown) => console.error('Could not load the field measurement', error));
  }
}

/**
 * Loads the script of every kind `consent` allows and `ids` names, each once per page, and
 * with statistics allowed the field measurement, which needs no vendor. A prerendered page
 * loads them when the shopper opens it: no vendor hears of a page never shown.
 */
export function loadVendorScripts(ids: ConsentVendorIds, consent: Consent): void {
  whenShown(() => {
    if (consent.analytics && !measuring) {
      measuring = true;
      startMeasuring();
    }
    for (const kind of Object.keys(loaders) as ConsentKind[]) {
      const id = ids[kind];
      if (!consent[kind] || id === null || loaded.has(kind)) continue;
      loaded.add(kind);
      loaders[kind](id, consent);
      addScript(vendorScriptUrl(kind, id));
    }
  });
}
