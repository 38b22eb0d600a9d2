import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_SAVER_COOKIE } from '../../contracts/data-saver.ts';
import {
  type BuiltRoutePreload,
  type BuiltRoutePreloads,
  ROUTE_PRELOADS_FILE,
} from '../../contracts/route-preloads.ts';

/** A missing file is a plain 404, never the page: a tab must not parse HTML as script or JSON. */
const FILE_PATH = /^\/assets\/|\.map$/;

/**
 * Serves the built web app; any non-API path gets index.html so the client router decides.
 * Source maps are served only where `sourceMaps` is set (not in production): they give away the
 * source with its comments, and a phone never needs them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  { sourceMaps }: { sourceMaps: boolean },
): Promise<void> {
  const built = existsSync(resolve(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      allowedPath: (path) => sourceMaps || !path.endsWith('.map'),
      // Look files up per request (not a list made at start-up), so a rebuild is served at once.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset; the best one the phone accepts is sent.
      preCompressed: true,
      cacheControl: false, // set below, per file
      setHeaders(res, path) {
        // Hashed file names change with their content, so they can be cached for good.
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const pages = new PageBuilder(webRoot);
  app.setNotFoundHandler((request, reply) => {
    const [rawPath = '', search] = request.url.split('?');
    // Judged decoded, as the router reads it: /%61pi/x is /api/x.
    const path = decodedPath(rawPath);
    if (path.startsWith('/api/') || path === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${path}` });
    }
    if (FILE_PATH.test(path)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    // With a query (filters, a search) the screen asks for other answers than the plain ones.
    return sendIndexPage(reply, pages.forPath(path, search !== undefined || savesData(request)));
  });
  // The static plugin refuses directories, so the root gets the page explicitly.
  // Pages are not part of the API: kept out of its OpenAPI document, like the static files.
  if (built) {
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendIndexPage(reply, pages.forPath('/', savesData(request))),
    );
  }
}

/**
 * Whether the phone saves data: the person's Data saver switch (its cookie), else the phone's
 * own setting (`Save-Data: on`), as the app decides. Its lists then ask for smaller pages than
 * a preloaded answer would hold, so the page names no API answers (one more round trip instead
 * of a download the app would not use).
 */
function savesData(request: FastifyRequest): boolean {
  const choice = request.cookies[DATA_SAVER_COOKIE];
  if (choice === 'on' || choice === 'off') return choice === 'on';
  const header = request.headers['save-data'];
  return typeof header === 'string' && header.trim().toLowerCase() === 'on';
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function sendIndexPage(reply: FastifyReply, html: string | null) {
  reply.header('cache-control', 'no-cache');
  // The plain page goes out as the build compressed it; a page with preloads is compressed
  // like any other answer over 1 KB.
  return html === null ? reply.sendFile('index.html') : reply.type('text/html').send(html);
}

/** A router path with ':id' segments, matched against a request path. */
function matchRoute(route: string, path: string): Record<string, string> | null {
  const want = route.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index] ?? '';
    if (segment.startsWith(':')) {
      if (!/^\d{1,15}$/.test(actual)) return null;
      params[segment.slice(1)] = actual;
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');

/** The <link> tags that start a screen's chunks and first API answers with the page. */
function preloadLinks(
  preload: BuiltRoutePreload,
  params: Record<string, string>,
  withApi: boolean,
): string {
  const modules = preload.files.map(
    (file) => `<link rel="modulepreload" crossorigin href="${file}">`,
  );
  // The app fetches with cookies included; a preload only serves a request made the same way.
  const answers = withApi
    ? preload.api.map(
        (url) =>
          `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${fill(url, params)}">`,
      )
    : [];
  return [...modules, ...answers].join('');
}

/**
 * index.html with the preloads of the screen a path shows, so a cold visit fetches the
 * screen's chunks and data alongside the app's entry rather than a round trip (400 ms on a
 * slow link) after it. Visits the service worker answers never reach here. The build's files
 * are read again when they change, so a rebuild is served at once.
 */
class PageBuilder {
  private stamp = '';
  private html = '';
  private routes: BuiltRoutePreload[] = [];

  constructor(private readonly webRoot: string) {}

  /**
   * The page for `path`, or null when the plain index.html is the page. `withoutApi` when the
   * screen will not ask for the plain answers (a query string, or data saver).
   */
  forPath(path: string, withoutApi: boolean): string | null {
    this.reload();
    for (const preload of this.routes) {
      const params = matchRoute(preload.route, path);
      if (!params) continue;
      const links = preloadLinks(preload, params, !withoutApi);
      return links ? this.html.replace('</head>', `${links}</head>`) : null;
    }
    return null;
  }

  private reload() {
    const indexFile = resolve(this.webRoot, 'index.html');
    const preloadsFile = resolve(this.webRoot, ROUTE_PRELOADS_FILE);
    if (!existsSync(preloadsFile)) {
      this.routes = [];
      return;
    }
    const stamp = `${statSync(indexFile).mtimeMs}:${statSync(preloadsFile).mtimeMs}`;
    if (stamp === this.stamp) return;
    this.html = readFileSync(indexFile, 'utf8');
    this.routes = (JSON.parse(readFileSync(preloadsFile, 'utf8')) as BuiltRoutePreloads).routes;
    this.stamp = stamp;
  }
}
