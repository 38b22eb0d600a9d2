/**
 * The server renderer: draws a screen from the data the API read for it (contracts/first-screen.ts),
 * in the person's language and with their data saver setting. Built by `npm run build` into
 * dist-server/ and loaded by the API at start (api/web-app/server-render.ts); web/main.tsx hydrates
 * what it draws.
 */
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type {
  DrawingContext,
  DrawnState,
  FirstScreenData,
  RenderedScreen,
} from '../contracts/first-screen.ts';
import { DEFAULT_LANGUAGE } from '../contracts/languages.ts';
import { seedFirstScreen } from './app/first-screen-data.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreenAt } from './app/router.tsx';
import { setDrawnDataSaver, setServerFetch } from './lib/drawn-page.ts';
import { formatProbe } from './lib/format.ts';
import { loadCatalog } from './lib/i18n/catalogs.ts';
import { setCatalog } from './lib/i18n/translate.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * How many times a screen is drawn at most to learn what it reads: each draw shows the
 * queries the screen (and the screens it opens once those answer) asks for; they are read, and
 * it is drawn again, until nothing new is asked.
 */
const MAX_READ_ROUNDS = 4;

/** The language, data saver and API reader are module state: one page is drawn at a time. */
let queue: Promise<unknown> = Promise.resolve();

/** `url` is the page's path and query, as the browser asked for it. */
export function render(
  url: string,
  data: FirstScreenData,
  context: DrawingContext = { language: DEFAULT_LANGUAGE, dataSaver: false },
): Promise<RenderedScreen> {
  const drawn = queue.then(() => renderAlone(url, data, context));
  queue = drawn.catch(() => undefined);
  return drawn;
}

async function renderAlone(
  url: string,
  data: FirstScreenData,
  context: DrawingContext,
): Promise<RenderedScreen> {
  // The screen's code first: its modules are then older than the data, as in the browser
  // (a screen tells data from the phone's storage by its age).
  await preloadScreenAt(new URL(url, 'http://localhost').pathname, data.screen === 'read');
  setCatalog(context.language, await loadCatalog(context.language));
  setDrawnDataSaver(context.dataSaver);
  setServerFetch(context.fetch);
  const queryClient = createQueryClient();
  try {
    seedFirstScreen(queryClient, data);
    let html = await draw(url, queryClient);
    for (let round = 1; data.screen === 'read'; round++) {
      const asked = unreadQueries(queryClient);
      if (asked.length === 0) break;
      if (round >= MAX_READ_ROUNDS)
        throw new Error(`${url} still asks for data after ${round} reads`);
      await Promise.all(asked.map((query) => query.fetch()));
      // A read the API refused would be drawn as its error, which the browser, asking again,
      // may not show: the page is the app shell instead.
      const failed = queryClient
        .getQueryCache()
        .findAll({ type: 'all', predicate: (query) => query.state.status === 'error' });
      if (failed.length > 0) throw failed[0]?.state.error ?? new Error('a read failed');
      html = await draw(url, queryClient);
    }
    const state: DrawnState = {
      cache: dehydrate(queryClient),
      language: context.language,
      dataSaver: context.dataSaver,
      formats: formatProbe(),
    };
    return { html, state: scriptSafeJson(state) };
  } finally {
    queryClient.clear();
    setServerFetch(undefined);
    setDrawnDataSaver(false);
    setCatalog(DEFAULT_LANGUAGE, null);
  }
}

/** The queries the last draw asked for and that hold no data yet (enabled ones only). */
function unreadQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      // The observer's options the query was built with, `enabled` among them.
      const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
      const on = typeof enabled === 'function' ? enabled(query) : enabled;
      return (
        query.state.status === 'pending' && on !== false && query.options.queryFn !== undefined
      );
    });
}

async function draw(url: string, queryClient: QueryClient): Promise<string> {
  // A part that fails to draw would go out as a spinner for the browser to draw instead: the
  // caller sends the app shell rather than that.
  let failure: unknown;
  // The same tree as web/main.tsx, with the server's router: hydration matches it node by node.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppProviders queryClient={queryClient} serverDataAt={Date.now()}>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </StrictMode>,
    {
      onError(error) {
        failure ??= error;
      },
    },
  );
  let html = '';
  prelude.setEncoding('utf8');
  for await (const chunk of prelude) html += chunk;
  if (failure) throw failure;
  return html;
}

/** JSON that cannot end its <script> element early nor open a comment inside it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
