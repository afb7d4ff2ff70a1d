export function serveStatic(
  root: string,
  options?: { port?: number },
): Promise<{ url: string; close: () => Promise<void> }>;
