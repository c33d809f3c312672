import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a real server process a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
