/**
 * A Vite plugin that writes dist/.vite/chunk-modules.json: for every JS chunk, the modules in it
 * (paths relative to the project, node_modules shortened to the package) with their rendered
 * sizes. The bench and the first-load e2e test use it to tell what a page's scripts contain
 * (no Dexie on the landing page, …). dist/.vite/ is never served (dotfiles are denied).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export interface ChunkModules {
  [fileName: string]: { isEntry: boolean; modules: Record<string, number> };
}

/** 'node_modules/.pnpm/x/node_modules/@radix-ui/react-dialog/dist/index.mjs' → 'node_modules/@radix-ui/react-dialog/dist/index.mjs'. */
function readableId(id: string, root: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0] ?? id;
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules >= 0) return clean.slice(inModules);
  return path.relative(root, clean).split(path.sep).join('/');
}

export function chunkModulesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'podtable:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const report: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) modules[readableId(id, root)] = info.renderedLength;
        report[output.fileName] = { isEntry: output.isEntry, modules };
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(report, null, 1)}\n` });
    },
  };
}
