// Import fences for src/, checked by dependency-cruiser (`npm test` runs it as the "fences" suite):
// no cycles (type-only imports included), main and renderer never import each other, the explorer
// and the viewport never import each other (what both use lives in src/renderer/common, which
// imports neither), the pages take no zod, and a folder with an index.ts is entered only through it (or the index.ts of a folder inside it).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every folder under src/ that has an index.ts, as a path relative to the project root. */
function indexedFolders(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const sub = join(dir, name);
    if (!statSync(sub).isDirectory()) continue;
    if (existsSync(join(sub, 'index.ts')) || existsSync(join(sub, 'index.tsx'))) out.push(sub);
    out.push(...indexedFolders(sub));
  }
  return out;
}

/** Folders of src/shared/protocol that import no zod: the only parts of src/shared the pages take values from. */
const ZOD_FREE_PROTOCOL = ['constants', 'frame', 'bridge', 'watch'];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One rule per folder: files outside it may import only its index.ts. */
const throughIndex = indexedFolders('src').filter((f) => f.split('/').length > 2).map((folder) => ({
  name: `through-index:${folder}`,
  comment: `${folder} is imported only through its index.ts, so its inside can change freely`,
  severity: 'error',
  from: { path: '^src/', pathNot: `^${escape(folder)}/` },
  to: { path: `^${escape(folder)}/`, pathNot: '/index\\.tsx?$' },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle makes load order matter and the parts impossible to read one at a time',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'main-not-renderer',
      comment: 'the host never imports the pages it serves',
      severity: 'error',
      from: { path: '^src/main/' },
      to: { path: '^src/renderer/' },
    },
    {
      name: 'renderer-not-main',
      comment: 'the pages speak to the host only through the REST contract, frames and the preload bridge',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/main/' },
    },
    {
      name: 'explorer-not-viewport',
      comment: 'the explorer and the viewport are separate pages',
      severity: 'error',
      from: { path: '^src/renderer/explorer/' },
      to: { path: '^src/renderer/viewport/' },
    },
    {
      name: 'viewport-not-explorer',
      comment: 'the explorer and the viewport are separate pages',
      severity: 'error',
      from: { path: '^src/renderer/viewport/' },
      to: { path: '^src/renderer/explorer/' },
    },
    {
      name: 'renderer-common-not-pages',
      comment: 'src/renderer/common holds what both pages use, so it imports neither (or through it they would import each other)',
      severity: 'error',
      from: { path: '^src/renderer/common/' },
      to: { path: '^src/renderer/(explorer|viewport)/' },
    },
    {
      name: 'pages-zod-free',
      comment: 'zod (the REST schemas) would more than double the explorer bundle: the pages take values of src/shared only from the zod-free protocol folders; types may come from anywhere (they vanish in the build)',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: {
        path: ['^src/shared/', '(^|/)node_modules/zod/'],
        pathNot: `^src/shared/protocol/(${ZOD_FREE_PROTOCOL.join('|')})/`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'protocol-parts-zod-free',
      comment: 'what the pages import of the protocol stays free of zod and of the schemas beside it',
      severity: 'error',
      from: { path: `^src/shared/protocol/(${ZOD_FREE_PROTOCOL.join('|')})/` },
      to: { path: ['^src/shared/protocol/[^/]+$', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'shared-not-hosts',
      comment: 'src/shared runs everywhere: it imports nothing of main, preload or renderer',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(main|preload|renderer)/' },
    },
    ...throughIndex,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out)/' },
    // Type-only imports count: a cycle through types still ties the parts together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
