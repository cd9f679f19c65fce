/** Where and as whom the build hook asks GitHub Actions for a rebuild. */
export interface DispatchOptions {
  /** `owner/name` of the repository whose workflow deploy-brands.yml builds the brands. */
  repository: string;
  /** A token that may create repository dispatch events there (Contents: write). */
  token: string;
  /** The fetch to send it with; tests pass a fake. */
  fetch?: typeof globalThis.fetch;
}

/** GitHub answers within seconds; a hook waiting longer would hold its caller for nothing. */
const timeoutMs = 15_000;

/**
 * The REST API version whose answer (204, no body) this code reads; GitHub supports it until
 * March 2028 at least (two years after 2026-03-10, the next version, came out).
 */
const apiVersion = '2022-11-28';

/**
 * Asks GitHub Actions to rebuild and deploy `brand` with a `repository_dispatch` event of type
 * `rebuild` (.github/workflows/deploy-brands.yml builds the brand named in its payload).
 * Resolves when GitHub has accepted it (204); rejects with a message that names the status and
 * GitHub's reason, never the token.
 */
export async function dispatchRebuild(
  brand: string,
  { repository, token, fetch = globalThis.fetch }: DispatchOptions,
): Promise<void> {
  // The name becomes part of the URL: anything but owner/name could point the token elsewhere.
  if (!/^[\w.-]+\/[\w.-]+$/.test(repository)) {
    throw new Error(`GITHUB_REPOSITORY must be owner/name, not "${repository}"`);
  }
  if (!token) throw new Error('GITHUB_DISPATCH_TOKEN is empty');
  const res = await fetch(`https://api.github.com/repos/${repository}/dispatches`, {
    method: 'POST',
    headers: {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${token}`,
      'X-GitHub-Api-Version': apiVersion,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ event_type: 'rebuild', client_payload: { brand } }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status === 204) return;
  // GitHub's message never quotes the token; a proxy in between might, so it is cut out.
  const reason = (await githubMessage(res))?.replaceAll(token, '…');
  throw new Error(
    `GitHub refused the rebuild of ${brand} in ${repository}: ${res.status} ${res.statusText}` +
      (reason ? ` (${reason})` : ''),
  );
}

/** GitHub's own words on a refusal (`{"message": "Bad credentials"}`), when it gave any. */
async function githubMessage(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      return typeof body.message === 'string' ? body.message.slice(0, 200) : null;
    }
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return null;
}
