import net from 'node:net';

export interface TcpProxy {
  port: number;
  url(scheme: string): string;
  /** Drops every connection and stops listening: to the API the service is gone. */
  cut(): Promise<void>;
  /** Listens again on the same port: the service is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP forwarder in front of a real service, so a test can take the service away and bring it back. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    cut,
    restore: listen,
    close: cut,
  };
}
