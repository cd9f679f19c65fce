/**
 * A JSON file the build writes beside the pages (suggestion listings, product path
 * exceptions), read once per page by whatever first needs it.
 */

/**
 * A loader of `url`: the first call fetches it and `parse` turns its JSON into `T`; later
 * calls share that answer. A failure logs `what`, answers `fallback()` and leaves the next
 * call to try again.
 */
export function siteFile<T>(
  url: string,
  parse: (data: unknown) => T,
  fallback: () => T,
  what: string,
): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= fetch(url, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
        return parse(await response.json());
      })
      .catch((error: unknown) => {
        console.error(what, error);
        loaded = undefined;
        return fallback();
      });
    return loaded;
  };
}
