import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER, type Page, TOTAL_COUNT_HEADER } from '../../contracts/paging.ts';

/** A paged list stays a plain array in the body (the spec's shape); the rest goes in headers. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
