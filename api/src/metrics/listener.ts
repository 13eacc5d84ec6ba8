// The metrics listener: GET /metrics on a port of its own (METRICS_PORT), bound to an address of
// its own (METRICS_HOST, loopback by default), so that the public port never serves them.
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './metrics.ts';

export interface MetricsSource {
  contentType: string;
  read(): Promise<string>;
}

/** This process's own metrics. */
export const processMetricsSource: MetricsSource = { contentType: registry.contentType, read: () => registry.metrics() };

export interface MetricsListener {
  /** The address it listens on, `http://host:port`. */
  url: string;
  close(): Promise<void>;
}

interface Logger {
  error(object: object, message: string): void;
}

function answer(response: ServerResponse, status: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text);
}

export async function startMetricsListener(
  { port, host, source = processMetricsSource, log }: { port: number; host: string; source?: MetricsSource; log: Logger },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return answer(response, 404, 'Not found: the metrics are at /metrics.\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return answer(response, 405, 'Method not allowed.\n');
    }
    source.read().then(
      (text) => answer(response, 200, request.method === 'HEAD' ? '' : text, source.contentType),
      (err: unknown) => {
        log.error({ err }, 'reading the metrics failed');
        answer(response, 500, 'The metrics could not be read.\n');
      },
    );
  });
  // Scrapers keep their connection open between scrapes; closing must not wait for them.
  server.keepAliveTimeout = 5_000;
  server.listen(port, host);
  await once(server, 'listening');
  const { address, port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${bound}`,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
