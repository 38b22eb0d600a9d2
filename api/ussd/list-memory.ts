import * as v from 'valibot';

/**
 * What a session's list screens showed. The first time a list is shown in a session its items
 * are loaded and kept; every later request of the session reads them here, so a choice acts on
 * the item the caller saw (a job posted meanwhile does not shift the numbers) and no list is
 * queried twice in one session.
 */
export interface ListMemory {
  /** The items of list `key` as first shown in this session, or `load`'s, then kept. */
  remember<T>(key: string, schema: v.GenericSchema<unknown, T>, load: () => Promise<T>): Promise<T>;
  /** Every list kept, for the session store. */
  readonly lists: Readonly<Record<string, unknown>>;
}

export function listMemory(stored: Readonly<Record<string, unknown>> = {}): ListMemory {
  const lists: Record<string, unknown> = { ...stored };
  return {
    lists,
    async remember(key, schema, load) {
      // A list this version cannot read (kept by an older one) is loaded again.
      const kept = key in lists ? v.safeParse(schema, lists[key]) : undefined;
      if (kept?.success) return kept.output;
      const items = await load();
      lists[key] = items;
      return items;
    },
  };
}
