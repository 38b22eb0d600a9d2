import type { FastifyRequest } from 'fastify';

/**
 * Whether a request reached one of the API's routes. Judged by the route, never by the text of
 * the URL: the router decodes `/%61pi/jobs` to `/api/jobs`, so `request.url.startsWith('/api/')`
 * would wave that request past a check while the API still answers it.
 */
export const isApiRoute = (request: FastifyRequest): boolean =>
  request.routeOptions.url?.startsWith('/api/') === true;
