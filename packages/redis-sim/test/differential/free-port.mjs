import { createServer } from 'node:net';

/**
 * Asks the kernel for a free TCP port on 127.0.0.1.
 * The port is released before it is returned, so a caller binds it right away.
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
