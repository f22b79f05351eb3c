import os from 'node:os';

/**
 * Runs the heavy file work (decoding pictures, rendering PDF pages, making previews, OCR) a few jobs at a
 * time, so that a burst of it cannot take every core and gigabytes of memory from the requests of everyone
 * else. Waiting jobs are started fairly between organizations: the next one comes from the organization
 * with the fewest jobs running and, among equals, the one whose turn came longest ago. One organization's
 * eight uploads then delay another organization's single upload until the next slot frees, not until all
 * eight are done.
 */
export interface HeavyWork {
  /** Runs `fn` once a slot is free and it is this organization's turn; settles as `fn` settles. */
  run<T>(organizationId: string, fn: () => Promise<T>): Promise<T>;
}

/** Jobs at once in one process: the cores, shared among the API processes on the machine. */
export const heavyWorkConcurrency = (processes = 1): number =>
  Math.max(1, Math.floor(os.availableParallelism() / Math.max(1, processes)));

export const createHeavyWork = (concurrency: number): HeavyWork => {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be at least 1');
  // The organizations with work waiting or running; `served` tells when one of their jobs last started
  // (0: never), which settles the turns between organizations with as many jobs running.
  const orgs = new Map<string, { waiting: (() => void)[]; running: number; served: number }>();
  let active = 0;
  let starts = 0;

  const startNext = () => {
    while (active < concurrency) {
      let org: { waiting: (() => void)[]; running: number; served: number } | undefined;
      for (const candidate of orgs.values()) {
        if (candidate.waiting.length === 0) continue;
        if (
          !org ||
          candidate.running < org.running ||
          (candidate.running === org.running && candidate.served < org.served)
        )
          org = candidate;
      }
      if (!org) return;
      starts += 1;
      org.served = starts;
      org.running += 1;
      active += 1;
      org.waiting.shift()!();
    }
  };

  const finished = (organizationId: string) => {
    active -= 1;
    const org = orgs.get(organizationId)!;
    org.running -= 1;
    if (org.running === 0 && org.waiting.length === 0) orgs.delete(organizationId);
    startNext();
  };

  return {
    run: <T>(organizationId: string, fn: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        const start = () => {
          let work: Promise<T>;
          try {
            work = Promise.resolve(fn());
          } catch (error) {
            work = Promise.reject(error as Error);
          }
          work.then(resolve, reject).finally(() => finished(organizationId));
        };
        const org = orgs.get(organizationId);
        if (org) org.waiting.push(start);
        else orgs.set(organizationId, { waiting: [start], running: 0, served: 0 });
        startNext();
      }),
  };
};
