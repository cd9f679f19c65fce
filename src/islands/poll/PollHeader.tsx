import type { Poll } from '../../lib/types.ts';

/**
 * The poll's name, description and banner: the desktop image, and the mobile one below the spec's
 * 1020px breakpoint. Sizes are reserved (2:1 and 1:1, the banners' shapes) so the page never
 * moves as they load. Rendered to plain HTML on the built pages, and by the shell's island.
 */
export function PollHeader({ poll }: { poll: Poll }) {
  const image = poll.bannerDesktop ?? poll.bannerMobile;
  return (
    <header className="grid gap-4">
      {image && (
        <picture>
          {poll.bannerMobile && poll.bannerDesktop && (
            <source
              media="(max-width: 1019px)"
              srcSet={poll.bannerMobile}
              width={600}
              height={600}
            />
          )}
          <img
            src={image}
            alt=""
            width={image === poll.bannerDesktop ? 1200 : 600}
            height={600}
            fetchPriority="high"
            decoding="async"
            className="bg-surface block h-auto w-full rounded-lg object-cover"
          />
        </picture>
      )}
      <h1 className="text-3xl font-bold">{poll.name}</h1>
      {poll.description && <p className="max-w-prose text-lg">{poll.description}</p>}
    </header>
  );
}
