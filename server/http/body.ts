import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { isRecord } from '../../contract/guards.ts';
import type { AppEnv } from './env.ts';
import { ApiHttpError, validationError } from './errors.ts';

/** Largest request body accepted, in bytes; larger ones answer 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** 413 JSON for bodies above {@link MAX_BODY_BYTES}. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
});

function malformed(): ApiHttpError {
  return new ApiHttpError(400, { message: 'Malformed JSON body.' });
}

function isJsonBody(c: Context<AppEnv>): boolean {
  const type = c.req.header('Content-Type');
  return type === undefined || type.includes('json');
}

/**
 * Answers 400 `{message: 'Malformed JSON body.'}` for any unsafe request whose JSON body
 * (declared JSON, or undeclared) does not parse, before a route sees it. The text stays
 * cached on the request, so `c.req.json()` in a route costs no second read.
 */
export const rejectMalformedJson = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !isJsonBody(c)) return next();
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      JSON.parse(text);
    } catch {
      throw malformed();
    }
  }
  return next();
});

/**
 * The request body as a JSON object: `{}` for an empty body, 400 when it does not parse,
 * 422 when it is valid JSON but not an object (an array, a string, null ...).
 */
export async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed();
  }
  if (!isRecord(value)) {
    throw validationError({ body: ['The request body must be a JSON object.'] });
  }
  return value;
}
