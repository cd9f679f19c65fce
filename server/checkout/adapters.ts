import type { ApiCheckoutProvider } from '../../contract/index.ts';
import type { ProviderConfig, ProviderFetch } from '../providers/provider-config.ts';
import { klarnaAdapter } from './klarna-adapter.ts';
import type { CheckoutAdapter } from './provider-adapter.ts';
import { vippsAdapter } from './vipps-adapter.ts';

/** The checkout's adapter per provider: what the routes and the sweep reach providers by. */
export type CheckoutAdapters = Record<ApiCheckoutProvider, CheckoutAdapter>;

/** The two providers' adapters (`first` Klarna, `second` Vipps) over `send`. */
export function checkoutAdapters(config: ProviderConfig, send: ProviderFetch): CheckoutAdapters {
  return { first: klarnaAdapter(config, send), second: vippsAdapter(config, send) };
}

/** The adapter of `provider` (`first` or `second`), or null for any other name. */
export function adapterFor(
  adapters: CheckoutAdapters,
  provider: string | null | undefined,
): CheckoutAdapter | null {
  return provider === 'first' || provider === 'second' ? adapters[provider] : null;
}
