/**
 * The server renderer: draws a public screen for a visitor from the data the API read for it
 * (contracts/first-screen.ts). Built by `npm run build` into dist-server/ and loaded by the API
 * at start (api/http/server-render.ts); web/main.tsx hydrates what it draws.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { FirstScreenData, RenderedScreen } from '../contracts/first-screen.ts';
import { seedFirstScreen } from './app/first-screen-data.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadScreenAt } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

/** `url` is the page's path and query, as the browser asked for it. */
export async function render(url: string, data: FirstScreenData): Promise<RenderedScreen> {
  // The screen's code first: its modules are then older than the data, as in the browser
  // (a screen tells data from the phone's storage by its age).
  await preloadScreenAt(new URL(url, 'http://localhost').pathname);
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, data);
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
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, state: scriptSafeJson(state) };
}

/** JSON that cannot end its <script> element early nor open a comment inside it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
