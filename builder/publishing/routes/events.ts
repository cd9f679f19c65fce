import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { BoardEvent } from '../build-board.ts';
import type { PreviewState } from '../preview-port.ts';
import type { Publishing, PublishingEnv } from './shared.ts';

/**
 * The page's live feed (Server-Sent Events), which its script listens to: every build's
 * progress and change of state on the build board, and every change of a campaign preview.
 * A build already under way is sent first, so a page opened mid-build shows it at once.
 */
export function eventRoutes(p: Publishing): Hono<PublishingEnv> {
  const { board, brands } = p.options;
  const { previews } = p.options;
  return new Hono<PublishingEnv>().get('/', (c) =>
    streamSSE(c, async (stream) => {
      const queue: Array<BoardEvent | { type: 'preview'; preview: PreviewState }> = [];
      let wake: (() => void) | null = null;
      const unsubscribe = board.subscribe((event) => {
        queue.push(event);
        wake?.();
      });
      const unsubscribePreviews = previews?.subscribe((preview) => {
        queue.push({ type: 'preview', preview });
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        unsubscribePreviews?.();
        wake?.();
      });
      for (const brand of brands) {
        const progress = board.progress(brand);
        if (progress && !progress.done) queue.push({ type: 'progress', progress });
      }
      while (!stream.aborted) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          continue;
        }
        if (event.type === 'end') break;
        const data =
          event.type === 'progress'
            ? event.progress
            : event.type === 'preview'
              ? event.preview
              : event;
        await stream.writeSSE({ event: event.type, data: JSON.stringify(data) });
      }
    }),
  );
}
