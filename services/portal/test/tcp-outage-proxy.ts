import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real service (Redis here) that a test can take down and bring back:
 * `down()` closes every open connection and refuses new ones (the client sees the service gone);
 * `up()` lets connections through again. Nothing about the service is faked: every byte goes to
 * the real one.
 */
export interface OutageProxy {
  /** The proxy's host:port, e.g. for `redis://127.0.0.1:{port}`. */
  readonly port: number;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startOutageProxy(targetHost: string, targetPort: number): Promise<OutageProxy> {
  let open = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    track(upstream);
    upstream.connect(targetPort, targetHost);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    down() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      open = true;
    },
    close() {
      open = false;
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
