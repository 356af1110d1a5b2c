import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * A page built only for `npm run bench` (group web): the editable table with 2,000 rows × 12 columns,
 * mounted on demand so that the bench times the first render, typing and validate(). It is not part of
 * the app's build and reaches no server.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    outDir: process.env.BENCH_OUT_DIR ?? path.join(import.meta.dirname, '../../../.tmp/bench-web'),
    emptyOutDir: true,
  },
});
