/**
 * Requests `paths` of `origin` from `clients` concurrent clients in a loop until `until`
 * settles, as shoppers do during a release switch (`npm run bench:rebuild`, the rebuild
 * journey). Answers how many requests were made and which failed: status 400 and up, or no
 * answer at all.
 */
export async function requestLoop(
  origin: string,
  paths: readonly string[],
  until: Promise<unknown>,
  clients: number,
): Promise<{ made: number; failures: string[] }> {
  let done = false;
  void until.finally(() => (done = true));
  let made = 0;
  const failures: string[] = [];
  const client = async (offset: number) => {
    for (let i = offset; !done; i++) {
      const path = paths[i % paths.length] ?? '/';
      made++;
      try {
        const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
        await response.arrayBuffer();
        if (response.status >= 400) failures.push(`${path}: ${response.status}`);
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return { made, failures };
}
