import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';

/** The trigram index needs 3 characters; shorter searches fall back to LIKE. */
export const TRIGRAM_MIN = 3;

/** A substring search as an FTS5 phrase: quotes doubled, so user text is never query syntax. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `%text%` with LIKE's wildcards escaped (ESCAPE '\'). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Rows whose id is among the FTS matches of `text`, or, below three characters, whose columns
 * contain it (case-insensitive either way).
 */
export function matchesText<DB, TB extends keyof DB & string>(
  eb: ExpressionBuilder<DB, TB>,
  idColumn: string,
  ftsTable: string,
  columns: readonly string[],
  text: string,
): Expression<SqlBool> {
  if ([...text].length >= TRIGRAM_MIN) {
    return sql<SqlBool>`${sql.ref(idColumn)} IN (SELECT rowid FROM ${sql.table(ftsTable)} WHERE ${sql.table(ftsTable)} MATCH ${ftsPhrase(text)})`;
  }
  const pattern = likePattern(text);
  return eb.or(
    columns.map((column) => sql<SqlBool>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`),
  );
}
