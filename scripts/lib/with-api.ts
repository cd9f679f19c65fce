import { startApiServer } from '../../server/main.ts';

/**
 * Runs `task` with the base URL of an `/api/v1` API: `apiUrl` when given (the chain's real
 * API), else the reference backend started in-process on a free port and stopped afterwards.
 */
export async function withApi<T>(
  apiUrl: string | undefined,
  task: (apiUrl: string) => Promise<T>,
): Promise<T> {
  if (apiUrl) return task(apiUrl.replace(/\/+$/, ''));
  const server = await startApiServer({ port: 0 });
  try {
    return await task(server.url);
  } finally {
    await server.close();
  }
}
