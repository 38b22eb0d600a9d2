import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PRODUCTION_BUILD = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/', import.meta.url),
);

/** A component made at a declaration's start: `var Form = React10.forwardRef(`. */
const COMPONENT_DECLARATION =
  /^([ \t]*(?:var|let|const) \w+ = )(React\d*\.(?:forwardRef|memo)\()/gm;
/** A statement of its own that names a component or context for React's developer tools. */
const DISPLAY_NAME = /^[ \t]*\w+\.displayName = "[^"\n]*";$/gm;

/**
 * Lets the build leave out the parts of React Router's production build the app never uses.
 * Its `forwardRef(...)` and `memo(...)` declarations are marked pure (they only make a
 * component), and the `X.displayName = "X"` writes after them go (only developer tools read
 * them): either alone keeps `<Form>`, `fetcher.Form`, `useSubmit` and all they call in the
 * bundle, used or not, as a bundler must keep a call or a write it cannot prove harmless.
 * Every line stays where it was (a display name leaves an empty line; a mark goes inside its
 * own line), so the source map still points at the right lines.
 */
export function markTreeShakable(code: string): string {
  return code.replace(COMPONENT_DECLARATION, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
}

/**
 * React Router in its production build, for `vite build` (the app and the server renderer).
 * Its package exports name only its development build, warnings and their messages included,
 * for every bundler and mode (remix-run/react-router#12437, #14102); the production build sits
 * beside it unused. Both of its entry points are taken from it, so one copy of the router and
 * its contexts is bundled. The dev server and the unit tests keep the development build.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'ghana-gigs:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${PRODUCTION_BUILD}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${PRODUCTION_BUILD}dom-export.mjs` },
        ],
      },
    }),
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      // No line moves (markTreeShakable): the source map of the file stands as it is.
      handler: (code) => ({ code: markTreeShakable(code), map: null }),
    },
  };
}
