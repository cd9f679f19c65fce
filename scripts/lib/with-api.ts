import { NO_RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { startApiServer } from '../../server/main.ts';

/**
 * Runs `task` with the base URL of an `/api/v1` API: `apiUrl` when given (the chain's real
 * API), else the reference backend started in-process on a free port and stopped afterwards,
 * without request limits: only the task (a build, `astro dev`) talks to it.
 */
export async function withApi<T>(
  apiUrl: string | undefined,
  task: (apiUrl: string) => Promise<T>,
): Promise<T> {
  if (apiUrl) return task(apiUrl.replace(/\/+$/, ''));
  const server = await startApiServer({ port: 0, rateLimits: NO_RATE_LIMITS });
  try {
    return await task(server.url);
  } finally {
    await server.close();
  }
}
