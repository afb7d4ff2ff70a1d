import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vite 8 resolves local imports in this file only with their .ts extension.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
