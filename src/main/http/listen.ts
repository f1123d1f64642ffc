// Starting to listen, with the reasons a port cannot be had said in words a user can act on.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `port` at `address`; rejects with an error that names the way out (another port, another address). */
export function listenOn(server: Server, port: number, address: string): Promise<{ address: string; port: number }> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error & { code?: string }): void => {
      if (err.code === 'EADDRINUSE') reject(new Error(`port ${port} is already in use on ${address}: stop the other program or pass --port <n>`));
      else if (err.code === 'EACCES') reject(new Error(`not allowed to listen on ${address}:${port}: pick a port above 1023 with --port <n>`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new Error(`cannot listen on address '${address}': it is not an address of this machine; pass --address <ip> with one of its addresses`));
      else reject(new Error(`cannot listen on ${address}:${port}: ${err.message}`));
    };
    server.once('error', onError);
    server.listen(port, address, () => {
      server.off('error', onError);
      const a = server.address() as AddressInfo;
      resolve({ address: a.address, port: a.port });
    });
  });
}
