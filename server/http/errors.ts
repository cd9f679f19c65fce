import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../contract/index.ts';

/**
 * An error that the error handler turns into a Laravel-style JSON body `{message, errors}`,
 * with `headers` on the answer (e.g. `Retry-After` of a 429).
 */
export class ApiHttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ApiError & Record<string, unknown>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: ContentfulStatusCode,
    body: ApiError & Record<string, unknown>,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** 422 with one message per offending field, as Laravel's validator answers. */
export function validationError(errors: Record<string, string[]>): ApiHttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new ApiHttpError(422, { message: first, errors });
}

/**
 * Collects Laravel-style messages per field, in the order found, then throws them as one
 * 422 ({@link validationError}).
 */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  /** Adds `message` to `field`. */
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Whether no message was added. */
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** @throws ApiHttpError 422 with every message collected, if any. */
  throwIfAny(): void {
    if (!this.empty) throw validationError(this.errors);
  }
}

/** 404 in Laravel's words. */
export function notFound(what = 'Resource'): ApiHttpError {
  return new ApiHttpError(404, { message: `${what} not found.` });
}
