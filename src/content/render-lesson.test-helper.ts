// Loads the page through the project's own Vite config (MDX, listings plugin) and
// renders it the way the prerender step does, for the content tests.
import { createServer, type ViteDevServer } from 'vite';

/** What src/entry-server.tsx exports. */
export interface ServerEntry {
  render(): string;
  meta(): unknown;
  courseBase: string;
}

/** Starts a middleware-mode Vite server (no port) and loads the server entry. */
export async function loadServerEntry(): Promise<{ entry: ServerEntry; server: ViteDevServer }> {
  const server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
  return { entry, server };
}

/** Loads any module through the same server, e.g. a component to render on its own. */
export async function loadModule<T>(server: ViteDevServer, id: string): Promise<T> {
  return (await server.ssrLoadModule(id)) as T;
}
