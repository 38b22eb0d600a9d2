import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { DEFAULT_PAGE_SIZE } from '../../contracts/paging.ts';

/** The sort key of a list's last row: the sort column's value, then the id that breaks ties. */
export type PageKey = readonly [string | number, number];

/** Which page of a list: at most `limit` rows (DEFAULT_PAGE_SIZE unless asked) after `after`. */
export interface PageRequest {
  limit?: number | undefined;
  after?: PageKey | undefined;
}

/** One page of a list, with the full count and the key the next page starts after. */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextKey: PageKey | null;
}

/**
 * How a list's full count is computed: `count()` itself, or a caller's way of keeping it (the
 * web API keeps the counts of public lists until their data changes).
 */
export type CountWith = (count: () => Promise<number>) => Promise<number>;

export const countNow: CountWith = (count) => count();

/** The order of a list: a sort column, then the id to break ties, both the same way. */
export interface KeysetOrder<Row> {
  column: string;
  idColumn: string;
  direction: 'asc' | 'desc';
  /** The row's value of the sort column, for the next page's key. */
  valueOf: (row: Row) => string;
}

/**
 * One page of a list after the page's key. Keyset paging: page N costs what page 1 costs. The
 * total is counted only when there is more than one page.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: number }, Item>(
  select: SelectQueryBuilder<DB, TB, Row>,
  order: KeysetOrder<Row>,
  page: PageRequest,
  {
    count,
    toItem,
  }: {
    count: () => Promise<number>;
    toItem: (row: Row) => Item;
  },
): Promise<ListPage<Item>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const { after } = page;
  const sortColumn = sql.ref(order.column);
  const idColumn = sql.ref(order.idColumn);
  let query = select
    .orderBy(sortColumn, order.direction)
    .orderBy(idColumn, order.direction)
    .limit(limit + 1);
  if (after) {
    // A row-value comparison (SQLite and PostgreSQL both have it) seeks the index straight to
    // the key.
    const [value, id] = after;
    const beyond = order.direction === 'desc' ? sql.raw('<') : sql.raw('>');
    query = query.where(sql<SqlBool>`(${sortColumn}, ${idColumn}) ${beyond} (${value}, ${id})`);
  }
  const rows = await query.execute();
  const hasMore = rows.length > limit;
  const pageRows = (hasMore ? rows.slice(0, limit) : rows) as Row[];
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(toItem),
    total: !hasMore && !after ? pageRows.length : await count(),
    nextKey: hasMore && last ? [order.valueOf(last), last.id] : null,
  };
}
