import type { ApiErrorBody } from '../../contracts/errors.ts';
import { NEXT_CURSOR_HEADER, type Page, TOTAL_COUNT_HEADER } from '../../contracts/paging.ts';
import { IDEMPOTENCY_HEADER } from '../../contracts/paths.ts';
import { withPageSize } from './data-saver.ts';
import { apiFetch } from './drawn-page.ts';

/**
 * A non-OK response. `message` is '{status}: {body text}' (the body, or the status text when the
 * body is empty), the form every failed call reports;
 * `serverMessage` and `fieldErrors` keep the parsed `{ message, errors }` body for toasts and forms.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    bodyText: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string> | undefined,
  ) {
    super(`${status}: ${bodyText}`);
  }
}

function parseErrorBody(text: string): Partial<ApiErrorBody> {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') return body as Partial<ApiErrorBody>;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  const body = parseErrorBody(text);
  throw new ApiError(
    response.status,
    text,
    typeof body.message === 'string' && body.message ? body.message : undefined,
    body.errors && typeof body.errors === 'object' ? body.errors : undefined,
  );
}

/** The server's own message when it sent one, else the screen's fallback copy for that failure. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** GET and parse JSON. With `on401: 'returnNull'` a 401 yields null instead of throwing. */
export async function getJson<T>(url: string): Promise<T>;
export async function getJson<T>(url: string, options: { on401: 'returnNull' }): Promise<T | null>;
export async function getJson<T>(
  url: string,
  options: { on401?: 'returnNull' | 'throw' } = {},
): Promise<T | null> {
  const response = await apiFetch(url, { credentials: 'include' });
  if (options.on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/**
 * GET one page of a paged list: the array body plus the total and next cursor from the headers.
 * Data saver asks for smaller pages; the cursor of the last row fits a page of any size.
 */
export async function getPage<T>(url: string): Promise<Page<T>> {
  const response = await apiFetch(withPageSize(url), { credentials: 'include' });
  await throwIfNotOk(response);
  const items = (await response.json()) as T[];
  return {
    items,
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length),
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER),
  };
}

/** A write call: JSON body with a JSON content type when there is a body, and an idempotency key. */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * '/api/jobs' + { category: 'professional', region: undefined } -> '/api/jobs?category=professional'.
 * null is left out like undefined: a first page's cursor is null once its query has been through
 * JSON (the state a server-rendered page inlines).
 */
export function withQuery(
  url: string,
  query: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (value !== '' && value !== 'all') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
