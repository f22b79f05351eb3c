import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** A hard cap on requests per run, on top of the duration. */
  maxRequests: number;
}

export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request: the path (with query) and, for POST, the body. */
  next?: (i: number) => { path?: string; body?: string };
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Median latency of sequential health calls to the server just before this call's load (its idle state). */
  idleHealthMs?: number;
}

const run = (scenario: Scenario, connections: number, seconds: number, maxRequests: number) => {
  let i = 0;
  const next = scenario.next;
  return autocannon({
    url: scenario.url,
    connections,
    duration: seconds,
    maxOverallRequests: maxRequests,
    timeout: 30,
    headers: scenario.headers ?? {},
    requests: [
      {
        method: scenario.method ?? 'GET',
        ...(next
          ? {
              setupRequest: (request) => {
                const n = next(i++);
                return {
                  ...request,
                  ...(n.path ? { path: n.path } : {}),
                  ...(n.body ? { body: n.body } : {}),
                };
              },
            }
          : {}),
      },
    ],
  });
};

/** A short warm-up whose figures are dropped, then the measured run. */
export const measure = async (scenario: Scenario, o: LoadOptions): Promise<Measurement> => {
  if (o.warmupSeconds > 0) await run(scenario, o.connections, o.warmupSeconds, o.maxRequests);
  const r = await run(scenario, o.connections, o.durationSeconds, o.maxRequests);
  return {
    name: scenario.name,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    total: r.requests.total,
  };
};

/** Median latency of `n` sequential GETs of `url`: how fast the server answers when nothing else runs. */
export const idleLatency = async (url: string, n = 10) => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)]!;
};
