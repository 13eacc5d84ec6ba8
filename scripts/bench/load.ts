// One measurement: autocannon at a fixed number of connections, after a short warm-up.
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface Load {
  /** Each connection's requests: called once per connection, then for every request it sends. */
  next: (connection: number) => () => LoadRequest;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
  requests: number;
}

function run(origin: string, load: Load, connections: number, seconds: number): Promise<autocannon.Result> {
  let connectionCount = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request, context: { next?: () => LoadRequest }) => {
              context.next ??= load.next(connectionCount++);
              const next = context.next();
              return {
                ...request,
                method: next.method,
                path: next.path,
                body: next.body,
                headers: { ...next.headers, ...(next.body !== undefined && { 'content-type': 'application/json' }) },
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function measure(origin: string, load: Load, options: { connections: number; seconds: number; warmup: number }): Promise<Measurement> {
  if (options.warmup > 0) await run(origin, load, options.connections, options.warmup);
  const result = await run(origin, load, options.connections, options.seconds);
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
    requests,
  };
}
