/**
 * Test support: an SMS or mail provider's HTTP API on a loopback port, speaking the protocol of
 * gateways/http-notify.ts (JSON POST, bearer token). It accepts only its own token (401 otherwise, as
 * a provider would) and keeps every request it received, accepted or not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderRequest {
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
  accepted: boolean;
}

export interface ProviderStandin {
  url: string;
  received: ProviderRequest[];
  close(): Promise<void>;
}

export async function startProviderStandin(token: string, path = '/send'): Promise<ProviderStandin> {
  const received: ProviderRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const authorization = req.headers.authorization;
      if (req.method !== 'POST' || req.url !== path || req.headers['content-type'] !== 'application/json') {
        res.writeHead(404).end('no such API');
        return;
      }
      const accepted = authorization === `Bearer ${token}`;
      received.push({
        path: req.url,
        authorization,
        body: JSON.parse(Buffer.concat(chunks).toString()),
        accepted,
      });
      if (accepted) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad token"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
