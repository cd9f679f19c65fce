import type { HttpBindings } from '@hono/node-server';

/**
 * Server bindings as `@hono/node-server` passes them, with only the socket's address: the
 * third argument of `app.request()` for a request that came from `address`.
 */
export function fromSocket(address: string): HttpBindings {
  return {
    incoming: { socket: { remoteAddress: address } },
  } as unknown as HttpBindings;
}
