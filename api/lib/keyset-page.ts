import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { PageQuery } from '../../contracts/paging.schemas.ts';
import { DEFAULT_PAGE_SIZE, type Page } from '../../contracts/paging.ts';
import { encodeCursor, readCursor } from './search.ts';

/** The order of a list: a sort column, then the id to break ties, both the same way. */
export interface KeysetOrder<Row> {
  column: string;
  idColumn: string;
  direction: 'asc' | 'desc';
  /** The row's value of the sort column, for the next page's cursor. */
  valueOf: (row: Row) => string;
}

/**
 * One page of a list, at most `limit` rows (DEFAULT_PAGE_SIZE unless asked, never more than the
 * contract's maximum) after the cursor's (value, id). Keyset paging: page N costs what page 1
 * costs. The total is counted only when there is more than one page.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: number }, Item>(
  select: SelectQueryBuilder<DB, TB, Row>,
  order: KeysetOrder<Row>,
  page: PageQuery,
  {
    count,
    toItem,
  }: {
    count: () => Promise<number>;
    toItem: (row: Row) => Item;
  },
): Promise<Page<Item>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const after = readCursor(page.cursor, ['string', 'number']);
  const sortColumn = sql.ref(order.column);
  const idColumn = sql.ref(order.idColumn);
  let query = select
    .orderBy(sortColumn, order.direction)
    .orderBy(idColumn, order.direction)
    .limit(limit + 1);
  if (after) {
    // A row-value comparison (SQLite and PostgreSQL both have it) seeks the index straight to
    // the cursor.
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
    nextCursor: hasMore && last ? encodeCursor([order.valueOf(last), last.id]) : null,
  };
}
