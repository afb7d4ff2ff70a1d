// Loads the page through the project's own Vite config (MDX, listings plugin) and
// renders it the way the prerender step does, for the content tests.
import { createServer, type ViteDevServer } from 'vite';

/** What src/entry-server.tsx exports. */
export interface ServerEntry {
  render(): string;
  meta(): unknown;
  courseBase: string | null;
}

/**
 * Starts a middleware-mode Vite server (no port) and loads the server entry. `courseBase`, when
 * given, is the VITE_COURSE_BASE the page is built with (null: none); otherwise the
 * environment's.
 */
export async function loadServerEntry(
  options: { courseBase?: string | null } = {},
): Promise<{ entry: ServerEntry; server: ViteDevServer }> {
  const before = process.env.VITE_COURSE_BASE;
  if (options.courseBase !== undefined) {
    if (options.courseBase === null) delete process.env.VITE_COURSE_BASE;
    else process.env.VITE_COURSE_BASE = options.courseBase;
  }
  try {
    const server = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'error',
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: 'custom',
    });
    const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
    return { entry, server };
  } finally {
    if (before === undefined) delete process.env.VITE_COURSE_BASE;
    else process.env.VITE_COURSE_BASE = before;
  }
}

/** Loads any module through the same server, e.g. a component to render on its own. */
export async function loadModule<T>(server: ViteDevServer, id: string): Promise<T> {
  return (await server.ssrLoadModule(id)) as T;
}
