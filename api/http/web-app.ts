import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_STATE_ID, type RenderedScreen } from '../../contracts/first-screen.ts';
import { paths } from '../../contracts/paths.ts';
import {
  type BuiltRoutePreload,
  type BuiltRoutePreloads,
  ROUTE_PRELOADS_FILE,
} from '../../contracts/route-preloads.ts';
import { decodedPath } from '../lib/decoded-path.ts';
import {
  drawLimiter,
  firstScreenData,
  pageFor,
  renderedPageDependsOn,
  renderedScreenAt,
  ServerRendererFile,
  TooBusyToDraw,
} from './server-render.ts';

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
  {
    sourceMaps,
    cookieSecure,
    serverRenderer = `${webRoot}-server/entry-server.js`,
  }: {
    sourceMaps: boolean;
    cookieSecure: boolean;
    /** The build's server renderer: beside the web root (dist -> dist-server) unless given. */
    serverRenderer?: string;
  },
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
  const renderer = new ServerRendererFile(serverRenderer);
  const limit = drawLimiter();
  // Loading starts now, so the first visitor does not wait for it, but the server does not
  // wait either: it listens (and answers the API) while the renderer loads.
  void renderer.current().catch((error: unknown) => {
    app.log.error({ err: error }, 'the server renderer failed to load; pages are the app shell');
  });
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    hasQuery: boolean,
  ) => {
    const { drawn, savesData } = pageFor(request, cookieSecure);
    const rendered = drawn
      ? await renderedPage(app, request, { path, hasQuery, pages, renderer, limit })
      : null;
    // Drawn page or shell, the answer depends on the session, the language and data saver.
    reply.header('vary', 'cookie, accept-language, save-data');
    if (rendered) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(rendered);
    }
    return sendIndexPage(reply, pages.forPath(path, hasQuery || savesData));
  };
  app.setNotFoundHandler(async (request, reply) => {
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
    return sendPage(request, reply, path, search !== undefined);
  });
  // The static plugin refuses directories, so the root gets the page explicitly, and so do the
  // screens the server may draw: as routes of their own (not the not-found handler) their pages
  // go through the compression and ETag plugins as the API's pages do, kept copies and all.
  // Pages are not part of the API: kept out of its OpenAPI document, like the static files.
  if (built) {
    for (const route of RENDERED_ROUTES) {
      app.get(route, { schema: { hide: true } }, (request, reply) => {
        const [rawPath = '', search] = request.url.split('?');
        return sendPage(request, reply, decodedPath(rawPath), search !== undefined);
      });
    }
  }
}

const RENDERED_ROUTES = [
  paths.home,
  paths.jobs,
  paths.job(':id'),
  paths.artists,
  paths.artist(':id'),
];

/**
 * A public screen drawn on the server with its data inlined (api/http/server-render.ts), or null
 * for the app shell: no renderer built, not such a screen, nothing to draw, or drawing failed.
 * A list screen's page is kept in the list cache until the data it shows changes, with the
 * compressed copies and ETag made of it, as the API's own pages are.
 */
async function renderedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  {
    path,
    hasQuery,
    pages,
    renderer,
    limit,
  }: {
    path: string;
    hasQuery: boolean;
    pages: PageBuilder;
    renderer: ServerRendererFile;
    limit: ReturnType<typeof drawLimiter>;
  },
): Promise<Buffer | null> {
  const target = renderedScreenAt(path, hasQuery);
  if (!target) return null;
  try {
    const current = await renderer.current();
    if (!current) return null;
    const template = pages.template();
    const draw = () =>
      limit(async () => {
        const data = await firstScreenData(app, target);
        if (!data) return null;
        const screen = await current.renderer.render(path, data);
        return { body: Buffer.from(pages.withScreen(path, screen)) };
      });
    const dependsOn = renderedPageDependsOn(target);
    const page = dependsOn
      ? await app.listCache.get(
          {
            id: `page ${path} ${current.stamp} ${template.stamp}`,
            dependsOn,
          },
          draw,
          (value) => value?.body.length ?? 0,
        )
      : await draw();
    return page?.body ?? null;
  } catch (error) {
    if (!(error instanceof TooBusyToDraw)) {
      request.log.error({ err: error, path }, 'server rendering failed; sent the app shell');
    }
    return null;
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

  /** index.html as built, and the version of the build it belongs to. */
  template(): { html: string; stamp: string } {
    this.reload();
    return { html: this.html, stamp: this.stamp };
  }

  /**
   * index.html with a screen the server drew in #root, the data it was drawn from beside it (as
   * JSON the browser never runs, so the CSP needs no exception), and the screen's chunks
   * preloaded: the app hydrates it once they are in.
   */
  withScreen(path: string, screen: RenderedScreen): string {
    this.reload();
    const preload = this.routes.find((route) => matchRoute(route.route, path));
    const params = preload ? matchRoute(preload.route, path) : null;
    const links = preload && params ? preloadLinks(preload, params, false) : '';
    const state = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${screen.state}</script>`;
    return this.html
      .replace('</head>', `${links}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${screen.html}</div>${state}`);
  }

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
    if (!existsSync(indexFile)) return;
    const preloads = existsSync(preloadsFile);
    const stamp = `${statSync(indexFile).mtimeMs}:${preloads ? statSync(preloadsFile).mtimeMs : 0}`;
    if (stamp === this.stamp) return;
    this.html = readFileSync(indexFile, 'utf8');
    this.routes = preloads
      ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as BuiltRoutePreloads).routes
      : [];
    this.stamp = stamp;
  }
}
