import { withBrandLock } from '../releases/lock.ts';
import { brandDist, listReleases, switchLive, type Release } from '../releases/releases.ts';

/** Why a rollback was not made, in Norwegian for the page. */
export class RollbackRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RollbackRefused';
  }
}

/**
 * Makes the kept release `releaseId` of `brand` live again, under the brand's build lock: a
 * build of the brand (here or in another process, `npm run rebuild`), or the disk work after
 * a build's switch, is waited for, so a rollback never lands in the middle of one. When the
 * release live by then is no longer `expectedLive` (the one marketing saw when it confirmed:
 * a build went live meanwhile), the rollback is refused rather than undo a release nobody
 * has looked at. Answers the release, or throws a {@link RollbackRefused} with the reason.
 */
export async function rollbackTo(
  distRoot: string,
  brand: string,
  releaseId: string,
  expectedLive: string | null,
): Promise<Release> {
  const dist = brandDist(distRoot, brand);
  return withBrandLock(dist.releases, async () => {
    const releases = listReleases(dist);
    const release = releases.find((r) => r.id === releaseId);
    const live = releases.find((r) => r.live)?.id ?? null;
    if (!release) {
      throw new RollbackRefused(`Utgave ${releaseId} er ikke lenger tatt vare på.`);
    }
    if (live !== expectedLive) {
      throw new RollbackRefused(
        `Mens du bekreftet, ble utgave ${live ?? 'ingen'} live. Se på siden igjen, og gå tilbake på nytt hvis du fortsatt vil.`,
      );
    }
    if (release.live) throw new RollbackRefused(`Utgave ${releaseId} er allerede live.`);
    switchLive(dist, release.dir);
    return { ...release, live: true };
  });
}
