import type { Hono } from 'hono';

/**
 * What the page needs of the campaign previews (issue 25's preview part, build/previews/,
 * whose `Previews` class fits this shape): start a preview of a brand as of a coming
 * campaign's start, and its state. An interface here, so that the page does not depend on
 * how previews are built; the builder (shop-server.ts) passes its previews in.
 */

/** A preview's state, as the previews answer it (the fields the page reads). */
export interface PreviewState {
  brand: string;
  campaignId: number;
  state: 'idle' | 'building' | 'ready' | 'failed' | 'refused';
  /** The moment previewed (the campaign's start), ISO, or null. */
  at: string | null;
  /** When ready: the address on /publisering that opens it. */
  url: string | null;
  /** Why there is none, in Norwegian, for `refused` and `failed`. */
  reason: string | null;
}

/** The previews as the page uses them. */
export interface PreviewPort {
  /**
   * Their own routes under /publisering (the preview's address, its state as JSON), mounted
   * behind the page's sign-in; a write there needs the page's anti-forgery token like any.
   */
  app(): Hono;
  /** Starts (or restarts) a preview; resolves at once with its state, never throws. */
  start(brand: string, campaignId: number): Promise<PreviewState>;
  status(brand: string, campaignId: number): PreviewState;
  /** Hears every change of a preview's state; answers a function that stops it. */
  subscribe(listener: (state: PreviewState) => void): () => void;
}
