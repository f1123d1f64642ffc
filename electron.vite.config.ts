import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

// One config builds the three Electron parts. The main build has two entries:
// the Electron entry (index) and the plain-Node host (headless.ts, built as ecs-live.js, the name
// scripts/start.mjs and the tests run), which share everything else.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'ecs-live': resolve(__dirname, 'src/main/headless.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be a CommonJS script.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: 'out/renderer',
      minify: true,
      // three.js alone is ~600 kB minified; the viewport is one page, so one chunk is fine.
      chunkSizeWarningLimit: 1200,
      rollupOptions: {
        input: {
          viewport: resolve(__dirname, 'src/renderer/viewport/index.html'),
          explorer: resolve(__dirname, 'src/renderer/explorer/index.html'),
        },
      },
    },
  },
});
