import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  APPLY_QUERY,
  type DrawingContext,
  FIRST_SCREEN_STATE_ID,
  type FirstScreenData,
  type RenderedScreen,
} from '../../contracts/first-screen.ts';
import type { Language } from '../../contracts/languages.ts';
import { paths } from '../../contracts/paths.ts';
import {
  type BuiltRoutePreload,
  type BuiltRoutePreloads,
  ROUTE_PRELOADS_FILE,
} from '../../contracts/route-preloads.ts';
import type { Actor } from '../auth/actor.ts';
import { userOf } from '../auth/actor.ts';
import { clearSignedInHint, sessionCookieName, signedInCookieName } from '../auth/current-user.ts';
import { decodedPath } from '../lib/decoded-path.ts';
import { APPLY_FORM_BODY_LIMIT, applyStep } from './apply-form.ts';
import { allowingStyle, type InlineStyle, inlineStyleOf } from './inline-style.ts';
import { isSameOriginPost, LOGIN_FORM_BODY_LIMIT, loginStep } from './login-form.ts';
import {
  apiReaderFor,
  drawLimiter,
  firstScreenData,
  isGatedPath,
  mayHoldSession,
  pageSettings,
  renderedPageDependsOn,
  renderedScreenAt,
  ServerRendererFile,
  signedInScreenAt,
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
  const draw: Drawing = { pages, renderer, limit };
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    search: string | undefined,
  ) => {
    const hasQuery = search !== undefined;
    const settings = pageSettings(request);
    // Drawn page or shell, the answer depends on the session, the language and data saver.
    reply.header('vary', 'cookie, accept-language, save-data');
    const actor = mayHoldSession(request, cookieSecure)
      ? await sessionActor(app, request, reply, cookieSecure)
      : null;
    if (actor) {
      const user = userOf(actor);
      // Signed in already: the sign-in screen would only send them home.
      if (path === paths.login) return reply.redirect(paths.home, 303);
      const url = signedInScreenAt(path, search, user);
      const personal = url
        ? await renderedPage(app, request, draw, {
            path,
            url,
            settings,
            target: null,
            data: { screen: 'read', user },
          })
        : null;
      if (personal) {
        // One person's page: no cache anywhere keeps it, and none serves it to anyone else.
        reply.header('cache-control', 'private, no-store');
        return sendDrawnPage(reply, pages, personal);
      }
      return sendIndexPage(reply, pages.forPath(path, hasQuery || settings.savesData));
    }
    // A visitor at a screen for those signed in: to the sign-in screen, as the app would send them.
    if (isGatedPath(path)) return reply.redirect(paths.login, 303);
    const target = renderedScreenAt(path, hasQuery);
    const rendered = target
      ? await renderedPage(app, request, draw, { path, settings, target, data: null })
      : null;
    if (rendered) {
      reply.header('cache-control', 'no-cache');
      return sendDrawnPage(reply, pages, rendered);
    }
    return sendIndexPage(reply, pages.forPath(path, hasQuery || settings.savesData));
  };
  // The sign-in screen's steps as plain forms, for a phone without the app's script (ADR 031).
  if (built) {
    await app.register(
      plainFormsOf(LOGIN_FORM_BODY_LIMIT, (scope) => {
        scope.post(paths.login, { schema: { hide: true } }, async (request, reply) => {
          const outcome = await loginStep(app, request, reply, cookieSecure, formFields(request));
          reply.header('cache-control', 'private, no-store');
          // Signed in: the home screen, drawn for them, by a plain GET (a reload posts nothing).
          if (outcome.kind === 'signed in') return reply.redirect(paths.home, 303);
          const page = await renderedPage(app, request, draw, {
            path: paths.login,
            settings: pageSettings(request),
            target: null,
            data: { screen: 'login', form: outcome.form },
          });
          if (page) return sendDrawnPage(reply, pages, page);
          // Too busy to draw: the app shell takes the person from the first step.
          return sendIndexPage(reply, null);
        });
      }),
    );
  }
  // A job page's Apply form as a plain form, for a phone without the app's script (ADR 031).
  if (built) {
    await app.register(
      plainFormsOf(APPLY_FORM_BODY_LIMIT, (scope) => {
        scope.post<{ Params: { id: string } }>(
          paths.job(':id'),
          { schema: { hide: true } },
          async (request, reply) => {
            const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
            if (id < 1) {
              return reply.code(404).type('text/plain').send('Not found');
            }
            const path = paths.job(id);
            reply.header('cache-control', 'private, no-store');
            const actor = mayHoldSession(request, cookieSecure)
              ? await sessionActor(app, request, reply, cookieSecure)
              : null;
            // Signed out (or the session ended): sign in first; nothing was sent.
            if (!actor) return reply.redirect(paths.login, 303);
            const outcome = await applyStep(app, actor, id, formFields(request));
            // Applied: the job page, drawn for them with their application, by a plain GET.
            if (outcome.kind === 'applied') return reply.redirect(path, 303);
            const user = userOf(actor);
            const url = signedInScreenAt(path, APPLY_QUERY, user);
            const page = url
              ? await renderedPage(app, request, draw, {
                  path,
                  url,
                  settings: pageSettings(request),
                  target: null,
                  data: { screen: 'read', user, applyForm: outcome.form },
                })
              : null;
            if (page) return sendDrawnPage(reply, pages, page);
            // Too busy to draw: the app shell, at the job page.
            return sendIndexPage(reply, null);
          },
        );
      }),
    );
  }
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
    return sendPage(request, reply, path, search);
  });
  // The static plugin refuses directories, so the root gets the page explicitly, and so do the
  // screens the server may draw: as routes of their own (not the not-found handler) their pages
  // go through the compression and ETag plugins as the API's pages do, kept copies and all.
  // Pages are not part of the API: kept out of its OpenAPI document, like the static files.
  if (built) {
    for (const route of RENDERED_ROUTES) {
      app.get(route, { schema: { hide: true } }, (request, reply) => {
        const [rawPath = '', search] = request.url.split('?');
        return sendPage(request, reply, decodedPath(rawPath), search);
      });
    }
  }
}

const RENDERED_ROUTES = [
  paths.home,
  paths.login,
  paths.dashboard,
  paths.employerDashboard,
  paths.artistDashboard,
  paths.postJob,
  paths.jobs,
  paths.job(':id'),
  paths.artists,
  paths.artist(':id'),
];

interface Drawing {
  pages: PageBuilder;
  renderer: ServerRendererFile;
  limit: ReturnType<typeof drawLimiter>;
}

/**
 * A screen drawn on the server with its data inlined (api/web-app/server-render.ts), or null for
 * the app shell: no renderer built, nothing to draw, or drawing failed or was over its budget.
 * A visitor's screen (`target`) is read here and kept in the list cache, under its language and
 * data saver setting, until the data it shows changes, with the compressed copies and ETag made
 * of it, as the API's own pages are. A page given its `data` (a signed-in person's, a sign-in
 * step) is drawn afresh and kept nowhere.
 */
async function renderedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  { pages, renderer, limit }: Drawing,
  {
    path,
    url = path,
    settings,
    target,
    data,
  }: {
    path: string;
    /** The path and query the screen is drawn at, when a query changes what it shows. */
    url?: string;
    settings: { language: Language; savesData: boolean };
    target: ReturnType<typeof renderedScreenAt>;
    data: FirstScreenData | null;
  },
): Promise<Buffer | null> {
  try {
    const current = await renderer.current();
    if (!current) return null;
    const template = pages.template();
    const context: DrawingContext = {
      language: settings.language,
      dataSaver: settings.savesData,
      // Only a page drawn for one person (given its data) reads as that person.
      fetch: apiReaderFor(app, data?.screen === 'read' ? request.headers.cookie : undefined),
    };
    const drawPage = () =>
      limit(async () => {
        const screenData = data ?? (target ? await firstScreenData(app, target, settings) : null);
        if (!screenData) return null;
        const screen = await current.renderer.render(url, screenData, context);
        return { body: Buffer.from(pages.withScreen(path, screen, settings.language)) };
      });
    const dependsOn = !data && target ? renderedPageDependsOn(target) : undefined;
    const saver = settings.savesData ? 'saver' : 'full';
    const page = dependsOn
      ? await app.listCache.get(
          {
            id: `page ${path} ${settings.language} ${saver} ${current.stamp} ${template.stamp}`,
            dependsOn,
          },
          drawPage,
          (value) => value?.body.length ?? 0,
        )
      : await drawPage();
    return page?.body ?? null;
  } catch (error) {
    if (!(error instanceof TooBusyToDraw)) {
      request.log.error({ err: error, path }, 'server rendering failed; sent the app shell');
    }
    return null;
  }
}

/**
 * Who the session cookie says is signed in, or null: the same lookup the API's session hook
 * makes. A hint left from a session that ended is cleared, so the app stops asking for it.
 */
async function sessionActor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  cookieSecure: boolean,
): Promise<Actor | null> {
  const token = request.cookies[sessionCookieName(cookieSecure)];
  const actor = token ? await app.services.auth.actorForSession(token) : null;
  if (!actor && request.cookies[signedInCookieName(cookieSecure)] !== undefined) {
    clearSignedInHint(reply, cookieSecure);
  }
  return actor;
}

/** A page the server drew, its inlined stylesheet allowed by the page's CSP (inline-style.ts). */
function sendDrawnPage(reply: FastifyReply, pages: PageBuilder, page: Buffer) {
  const { style } = pages.template();
  const policy = reply.raw.getHeader('content-security-policy');
  if (style && typeof policy === 'string') {
    reply.header('content-security-policy', allowingStyle(policy, style.source));
  }
  return reply.type('text/html; charset=utf-8').send(page);
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

/** The app's entry <script> in index.html. */
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>/;

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
  private inlined: InlineStyle | null = null;

  constructor(private readonly webRoot: string) {}

  /** index.html as built, the version of the build it belongs to, and its stylesheet to inline. */
  template(): { html: string; stamp: string; style: InlineStyle | null } {
    this.reload();
    return { html: this.html, stamp: this.stamp, style: this.inlined };
  }

  /**
   * index.html with a screen the server drew in #root, the data it was drawn from beside it (as
   * JSON the browser never runs, so the CSP needs no exception), its stylesheet inline
   * (inline-style.ts), and after them the app's entry and the screen's chunks: the app hydrates
   * it once they are in.
   */
  withScreen(path: string, screen: RenderedScreen, language: Language): string {
    this.reload();
    const preload = this.routes.find((route) => matchRoute(route.route, path));
    const params = preload ? matchRoute(preload.route, path) : null;
    const links = preload && params ? preloadLinks(preload, params, false) : '';
    const state = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${screen.state}</script>`;
    const inlined = this.inlined;
    const styled = inlined ? this.html.replace(inlined.link, () => inlined.tag) : this.html;
    // The app's code after the screen: fetched once the HTML is in, not beside it.
    const entry = ENTRY_SCRIPT.exec(styled)?.[0] ?? '';
    return styled
      .replace(/<html(?: lang="[^"]*")?/, `<html lang="${language}"`)
      .replace(entry, '')
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${screen.html}</div>${state}${links}${entry}`,
      );
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
    this.inlined = inlineStyleOf(this.webRoot, this.html);
    this.routes = preloads
      ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as BuiltRoutePreloads).routes
      : [];
    this.stamp = stamp;
  }
}

/**
 * A scope for plain HTML form posts (the pages' fallbacks without the app's script): their
 * fields read from at most `bodyLimit` bytes, and a post from another site refused before any
 * route sees it (a form there cannot act here with the visitor's cookie).
 */
function plainFormsOf(bodyLimit: number, routes: (scope: FastifyInstance) => void) {
  return async (scope: FastifyInstance) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.addHook('preHandler', async (request, reply) => {
      if (!isSameOriginPost(request)) {
        return reply.code(403).type('text/plain').send('Cross-site requests are not allowed');
      }
    });
    routes(scope);
  };
}

/** A form post's fields (none when it sent no form). */
const formFields = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
