import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { type BuiltRoutePreloads, ROUTE_PRELOADS_FILE } from '../contracts/route-preloads.ts';
import type { RoutePreload } from '../web/app/route-preloads.ts';

/** Every chunk `chunk` needs before it runs: itself and its static imports, transitively. */
function staticClosure(chunk: Rollup.OutputChunk, byFile: Map<string, Rollup.OutputChunk>) {
  const files = new Set<string>();
  const visit = (item: Rollup.OutputChunk) => {
    if (files.has(item.fileName)) return;
    files.add(item.fileName);
    for (const file of item.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(chunk);
  return files;
}

/**
 * Writes dist/route-preloads.json: per screen, the chunks it needs that index.html does not
 * already load, and the API answers it asks for first. A module that is not a chunk of the
 * build (renamed, or no longer lazy) fails the build rather than preloading nothing.
 */
export function routePreloads(table: RoutePreload[], webRoot: string): Plugin {
  return {
    name: 'ghana-gigs:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return this.error('route-preloads: the build has no entry chunk');
      const upFront = staticClosure(entry, byFile);
      const routes = table.map(({ route, module, api }) => {
        const id = resolve(webRoot, module);
        const chunk = chunks.find((item) => item.facadeModuleId === id);
        if (!chunk) {
          return this.error(
            `route-preloads: ${module} (for ${route}) is not a chunk of the build; update web/app/route-preloads.ts`,
          );
        }
        const files = [...staticClosure(chunk, byFile)]
          .filter((file) => !upFront.has(file))
          .map((file) => `/${file}`);
        return { route, files, api: api ?? [] };
      });
      const manifest: BuiltRoutePreloads = { routes };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(manifest, null, 2),
      });
    },
  };
}
