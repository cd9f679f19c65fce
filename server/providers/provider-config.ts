/** Where the two checkout providers live and how the shop authenticates to them. */
export interface ProviderConfig {
  /** Klarna Checkout v3 shaped (provider `first` on the wire). */
  klarna: {
    /** Base URL, e.g. `https://api.playground.klarna.com`; default the simulator here. */
    url: string;
    username: string;
    password: string;
  };
  /** Vipps MobilePay ePayment shaped (provider `second` on the wire). */
  vipps: {
    /** Base URL, e.g. `https://apitest.vipps.no`; default the simulator here. */
    url: string;
    clientId: string;
    clientSecret: string;
    subscriptionKey: string;
    merchantSerialNumber: string;
    /** Shared secret of the webhook's HMAC-SHA256 signature. */
    webhookSecret: string;
    /** Where the simulator sends its webhooks (a real provider has it registered). */
    webhookUrl: string;
  };
  /** How long an unpaid provider order holds its stock. */
  paymentTimeoutMinutes: number;
}

/** A `fetch` the shop's adapters and the simulators send provider calls through. */
export type ProviderFetch = (url: string, init?: RequestInit) => Promise<Response>;

// The simulators are mounted on this backend; these hosts name "this backend" in the
// defaults, and the app's default fetch answers them in-process (no port needed).
const LOCAL = 'http://localhost';

function minutes(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : 30;
}

/**
 * The provider settings from the environment, with development defaults that point at the
 * simulators under `/providers/` of this backend. A deployment sets the URLs and
 * credentials of the real providers.
 */
export function providerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const get = (name: string, fallback: string) => {
    const value = env[name];
    return value === undefined || value === '' ? fallback : value;
  };
  return {
    klarna: {
      url: get('FIRST_PROVIDER_URL', `${LOCAL}/providers/first`),
      username: get('FIRST_PROVIDER_USERNAME', 'storefront-dev'),
      password: get('FIRST_PROVIDER_PASSWORD', 'dev-password'),
    },
    vipps: {
      url: get('SECOND_PROVIDER_URL', `${LOCAL}/providers/second`),
      clientId: get('SECOND_PROVIDER_CLIENT_ID', 'storefront-dev'),
      clientSecret: get('SECOND_PROVIDER_CLIENT_SECRET', 'dev-client-secret'),
      subscriptionKey: get('SECOND_PROVIDER_SUBSCRIPTION_KEY', 'dev-subscription-key'),
      merchantSerialNumber: get('SECOND_PROVIDER_MSN', '123456'),
      webhookSecret: get('SECOND_PROVIDER_WEBHOOK_SECRET', 'dev-webhook-secret'),
      webhookUrl: get('SECOND_PROVIDER_WEBHOOK_URL', `${LOCAL}/api/v1/checkout/second/webhook`),
    },
    paymentTimeoutMinutes: minutes(env['PAYMENT_TIMEOUT_MINUTES']),
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A {@link ProviderFetch} that answers calls to the simulators and to this backend's
 * checkout endpoints on a loopback host through `local` (the app's own `request`), and
 * sends everything else over the network.
 */
export function loopbackFetch(
  local: (url: string, init?: RequestInit) => Response | Promise<Response>,
): ProviderFetch {
  return async (url, init) => {
    const { hostname, pathname } = new URL(url);
    const ours = pathname.startsWith('/providers/') || pathname.startsWith('/api/v1/checkout/');
    return LOOPBACK.has(hostname) && ours ? local(url, init) : fetch(url, init);
  };
}
