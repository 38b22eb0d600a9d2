import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { reactRouterProduction } from './scripts/react-router-production-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';
import { ROUTE_PRELOADS } from './web/app/route-preloads.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// The version the service worker reports; a build with another APP_VERSION is a new worker
// (the update test builds one that way).
const APP_VERSION = process.env.APP_VERSION || pkg.version;
const THEME_COLOR = '#0b6e4f';

/** Modules both browse screens use: one chunk with them rather than one file each. */
const BROWSE_SHARED =
  /\/web\/(components\/ui\/(browse-results|empty-state|saved-at|load-more|not-saved-offline|filter-select|search-box|skeleton)|lib\/(use-debounced-value|saved-list-items))\.tsx?$|\/contracts\/regions\.ts$|\/@tanstack\/(query-core|react-query)\/build\/modern\/infiniteQuery|\/@tanstack\/react-query\/build\/modern\/useInfiniteQuery/;

/** The job card and what it needs: /jobs, a job's page and the dashboards share them. */
const JOB_PARTS =
  /\/web\/features\/jobs\/(components\/(job-card|job-poster|post-job-link)\.tsx|api\/get-jobs\.ts|filters\.ts)$/;

// Plugins live in one list so later issues only append to it.
const plugins: PluginOption[] = [
  react(),
  reactRouterProduction(),
  // What each screen fetches beyond the entry, so the server can name it in the page (api/web-app/web-app.ts).
  routePreloads(ROUTE_PRELOADS, fileURLToPath(new URL('./web', import.meta.url))),
  VitePWA({
    strategies: 'injectManifest',
    srcDir: '../sw',
    filename: 'sw.ts',
    // The app registers the worker itself (web/lib/service-worker.ts): nothing inline, as the
    // CSP allows no inline script.
    injectRegister: false,
    // Icons are fetched when the browser installs the app, not by every visitor.
    includeManifestIcons: false,
    injectManifest: {
      rollupFormat: 'iife',
      // The shell and every lazy route chunk, so every screen opens offline. Source maps and
      // the demo portfolio pictures are left out: pictures go to a bounded runtime cache.
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['sw.js'],
    },
    manifest: {
      id: '/',
      name: 'Ghana Gigs: jobs and artists across Ghana',
      short_name: 'Ghana Gigs',
      description: 'Find jobs, hire skilled workers and book performing artists across Ghana.',
      lang: 'en-GB',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: '#faf7f0',
      categories: ['business', 'entertainment'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
  }),
];

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build, whatever NODE_ENV the shell has (the server's own
  // NODE_ENV=development must not ship React's development bundle, nor an app that never
  // registers its service worker). Only the dev server (`npx vite`) is a development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  // The server renderer (`vite build --ssr entry-server.tsx`, after the app's build) goes to
  // dist-server/, beside the app and never served. One file with its dependencies inside and
  // React's production build, whatever NODE_ENV the server runs with: the server loads it again
  // after a rebuild, and a page is drawn as fast (and says as little about errors) in every mode.
  if (isSsrBuild) {
    return {
      root: 'web',
      publicDir: false,
      plugins: [react(), reactRouterProduction()],
      define: {
        __APP_VERSION__: JSON.stringify(APP_VERSION),
        'process.env.NODE_ENV': JSON.stringify('production'),
      },
      ssr: { noExternal: true },
      build: {
        outDir: '../dist-server',
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: { output: { codeSplitting: false } },
      },
    };
  }
  return {
    root: 'web',
    plugins,
    define: {
      __APP_VERSION__: JSON.stringify(APP_VERSION),
    },
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically is one chunk. Left to itself, Rolldown
          // splits modules the entry shares with lazy chunks (React, TanStack Query, the API
          // client) into chunks of their own, which the first screen then loads as several
          // smaller gzip files, about 2 KB more in all.
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'] },
              // What the browse screens (/jobs, /artists) share, as one chunk: left alone, each
              // small shared module is a file of its own, too small to be compressed.
              { name: 'browse', test: BROWSE_SHARED },
              { name: 'job-parts', test: JOB_PARTS },
            ],
          },
        },
      },
    },
    server: {
      // The API listens on 127.0.0.1 by default; "localhost" may resolve to ::1 first.
      proxy: {
        '/api': 'http://127.0.0.1:3000',
      },
    },
  };
});
