import fs from 'node:fs';
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
  /**
   * CPU time the process under test spent per request during the measured run (user + system, from
   * /proc): unlike throughput, it barely moves when other work shares the machine.
   */
  cpuMsPerRequest?: number;
  /** CPU time the load generator (this process) spent per request during the measured run. */
  loadCpuMsPerRequest?: number;
}

const ownCpuMs = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
};

/**
 * User + system CPU milliseconds a process and its child processes (the server's API processes) have used
 * so far (Linux /proc), or null elsewhere.
 */
export const processCpuMs = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
    const total = [pid, ...children].reduce((sum, p) => sum + ownCpuMs(p), 0);
    return Number.isFinite(total) ? total : null;
  } catch {
    return null;
  }
};

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

/** Load whose figures are dropped: compiles the code paths of a call before it is measured. */
export const warmUp = async (scenario: Scenario, o: LoadOptions) => {
  if (o.warmupSeconds > 0) await run(scenario, o.connections, o.warmupSeconds, o.maxRequests);
};

/** A short warm-up whose figures are dropped, then the measured run; `pid` is the process under test. */
export const measure = async (scenario: Scenario, o: LoadOptions, pid?: number): Promise<Measurement> => {
  if (o.warmupSeconds > 0) await run(scenario, o.connections, o.warmupSeconds, o.maxRequests);
  const cpuBefore = processCpuMs(pid);
  const loadBefore = process.cpuUsage();
  const r = await run(scenario, o.connections, o.durationSeconds, o.maxRequests);
  const load = process.cpuUsage(loadBefore);
  const cpuAfter = processCpuMs(pid);
  return {
    ...(r.requests.total > 0
      ? { loadCpuMsPerRequest: (load.user + load.system) / 1000 / r.requests.total }
      : {}),
    ...(cpuBefore !== null && cpuAfter !== null && r.requests.total > 0
      ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / r.requests.total }
      : {}),
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
