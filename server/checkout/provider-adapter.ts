import type { ApiCheckoutProvider, ApiReservation } from '../../contract/index.ts';

/** Where a provider payment stands, in the shop's words. */
export type PaymentState = 'pending' | 'paid' | 'cancelled' | 'failed';

/** What the shop hands an adapter to start a payment. */
export interface PaymentRequest {
  /** The priced reservation behind the payment. */
  reservation: ApiReservation;
  /** The merchant's reference (Vipps's payment reference). */
  reference: string;
  /** Absolute shop page to come back to; the adapter adds `provider` and `order`. */
  returnUrl: string;
  /**
   * The shop's public origin (where the shopper is, e.g. `https://www.toppfart.no`; its host
   * forwards the API's paths), for the push URL and the terms page.
   */
  origin: string;
}

/** A started payment: the provider's order id and where the shopper pays. */
export interface PaymentStart {
  providerOrderId: string;
  redirectUrl: string;
}

/** The shop's side of one checkout provider, over HTTP in the provider's wire shapes. */
export interface CheckoutAdapter {
  provider: ApiCheckoutProvider;
  start(request: PaymentRequest): Promise<PaymentStart>;
  /** Asks the provider where the payment stands. */
  state(providerOrderId: string): Promise<PaymentState>;
  /** Takes the money of a paid payment (a capture), before the order is stored. */
  settle(providerOrderId: string, amount: number): Promise<void>;
  /**
   * Gives a paid payment back at the provider, through the provider's own calls: money
   * captured is refunded, an authorisation still open is cancelled. Safe to repeat: what is
   * already given back is not given back again. Says how and how much.
   */
  giveBack(providerOrderId: string): Promise<PaymentReturn>;
}

/** How a payment was given back: `cancel` released the authorisation, `refund` paid money back. */
export interface PaymentReturn {
  kind: 'cancel' | 'refund';
  /** In øre: the whole payment. */
  amount: number;
}

/** A provider call that failed or answered something the adapter cannot use. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

/**
 * `returnUrl` with `provider` and `order` in its query (any fragment dropped). `order` is
 * written as given, unescaped, so a provider placeholder such as `{checkout.order.id}`
 * survives for the provider to replace.
 */
export function returnUrlFor(
  returnUrl: string,
  provider: ApiCheckoutProvider,
  order: string,
): string {
  const url = new URL(returnUrl);
  url.hash = '';
  url.searchParams.delete('order');
  url.searchParams.delete('result');
  url.searchParams.set('provider', provider);
  return `${url.toString()}&order=${order}`;
}

/** Reads a JSON answer, or throws {@link ProviderError} naming the call. */
export async function readProviderJson<T>(res: Response, call: string): Promise<T> {
  const text = await res.text();
  if (!res.ok)
    throw new ProviderError(`${call} answered ${String(res.status)}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(`${call} answered no JSON`);
  }
}

/** Reads an answer without a body (204, or 201 with headers only), or throws naming the call. */
export async function expectProviderOk(res: Response, call: string): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ProviderError(`${call} answered ${String(res.status)}: ${text.slice(0, 300)}`);
  }
}
