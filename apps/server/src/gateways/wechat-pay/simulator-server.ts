/**
 * The simulator on a real socket (127.0.0.1, a free port), for tests that run the server in other
 * processes. The adapter reaches it with the global fetch: baseUrl = the returned url.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimRequest, SimResponse } from './simulator';

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
}

export async function listenSimulator(
  simulator: { handle(req: SimRequest): SimResponse },
  port = 0,
): Promise<RunningSimulator> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = simulator.handle({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer.status, answer.headers).end(answer.bytes ?? answer.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
