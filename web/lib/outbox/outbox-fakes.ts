/** Test doubles for the outbox's edges: storage in memory and a fake server. */
import type { OutboxItem, OutboxStorage } from './outbox-item.ts';

export function memoryStorage(): OutboxStorage & { items: Map<string, OutboxItem> } {
  const items = new Map<string, OutboxItem>();
  return {
    items,
    all: async () => [...items.values()].map((item) => ({ ...item })),
    get: async (key) => {
      const item = items.get(key);
      return item ? { ...item } : undefined;
    },
    put: async (item) => {
      items.set(item.idempotencyKey, { ...item });
    },
    remove: async (key) => {
      items.delete(key);
    },
  };
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';

/** A fake server: GET /api/auth/user answers `user`; writes answer from `replies` in turn. */
export function fakeServer(options: { user?: number | null | 'network'; replies?: Reply[] } = {}) {
  const calls: { method: string; url: string; key: string | undefined; body: unknown }[] = [];
  const replies = [...(options.replies ?? [])];
  let user = options.user === undefined ? 7 : options.user;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (method === 'GET') {
      if (user === 'network') throw new TypeError('Failed to fetch');
      return user === null
        ? new Response('{"message":"Not signed in"}', { status: 401 })
        : Response.json({ id: user });
    }
    calls.push({
      method,
      url: String(input),
      key: headers['idempotency-key'],
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = replies.shift() ?? { status: 201, body: { id: calls.length } };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    /** Who GET /api/auth/user says is signed in from now on. */
    setUser(next: number | null | 'network') {
      user = next;
    },
  };
}
