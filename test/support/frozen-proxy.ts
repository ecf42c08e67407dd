// A TCP proxy that can stop passing bytes, both ways, and start again: a database whose host is
// frozen or whose network is cut, as its clients see it (the connection stays open and nothing
// answers). Bytes held meanwhile are passed on when it thaws, so the protocol is never broken.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface FrozenProxy {
  /** host:port to connect to instead of the target's. */
  readonly address: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function frozenProxy(host: string, port: number): Promise<FrozenProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const hold = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    if (frozen) s.pause();
  };
  const server = createServer((client) => {
    const target = connect(port, host);
    for (const [from, to] of [
      [client, target],
      [target, client],
    ]) {
      hold(from);
      from.on('data', (chunk) => to.write(chunk));
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
