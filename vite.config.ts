import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import mdx from '@mdx-js/rollup';
import { listingsPlugin } from './scripts/vite-plugin-listings.ts';
import { prerenderPlugin } from './scripts/vite-plugin-prerender.ts';

// Vite 8 resolves local imports in this file only with their .ts extension.
export default defineConfig({
  plugins: [
    // MDX compiles first, so the React plugin sees plain JSX
    { enforce: 'pre', ...mdx({ providerImportSource: undefined }) },
    react({ include: /\.(mdx|[jt]sx?)$/ }),
    listingsPlugin(),
    prerenderPlugin(),
  ],
  build: {
    target: 'es2022',
    rolldownOptions: {
      // The simulator's modules compute tables at import time (SHA1s, step models), which a
      // bundler must assume are side effects; none is imported for them. Saying so lets the
      // page import the id gate alone and leaves the rest of src/sim in its lazy chunk.
      treeshake: { moduleSideEffects: [{ test: /\/src\/sim\/.*\.ts$/, sideEffects: false }] },
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
