import type { Previews, PreviewStatus } from '../previews/previews.ts';

/**
 * What the page needs of the campaign previews (builder/previews/): their own routes under
 * /publisering (mounted behind the page's sign-in), starting one and its state, and hearing
 * each change. A narrow view of {@link Previews}, so that the page's tests can give a fake.
 */
export type PreviewPort = Pick<Previews, 'app' | 'start' | 'status' | 'subscribe'>;

/** A preview's state, as the previews answer it. */
export type PreviewState = PreviewStatus;
