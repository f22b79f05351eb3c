import { PgBoss, fromPglite, type Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import type { SystemAccess } from '../db/system-access';
import type { AnyJob, JobDefinition, OrganizationPayload } from './define-job';

interface JobQueueOptions {
  /** On PostgreSQL the queue keeps a small pool of its own to the same database. */
  database: DatabaseHandle;
  system: SystemAccess;
  log: Logger;
  /** How often expired jobs and jobs of dead workers are looked for. */
  superviseIntervalSeconds?: number;
  /** How often an idle worker looks for work when no wake-up signal came. */
  pollingIntervalSeconds?: number;
}

export interface JobQueue<D> {
  /** Installs or upgrades the queue's tables, and the queues of the given jobs. */
  start(): Promise<void>;
  /** Queues a run of `job`; with a `singletonKey`, not while another run with the same key is queued. */
  send<P extends OrganizationPayload>(
    job: JobDefinition<P, D>,
    payload: NoInfer<P>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  /** Whether a run of `job` with this singleton key is queued, waiting to be tried again, or running. */
  isPending(job: AnyJob<D>, singletonKey: string): Promise<boolean>;
  /**
   * Runs the jobs in this process, at most `concurrency` at once and, while others wait, one per
   * organization at a time: one organization's many jobs do not hold every worker.
   */
  work(deps: D, options: { concurrency: number }): Promise<void>;
  /** Stops taking jobs, waits for the running ones (up to `timeoutMs`), then closes. */
  stop(timeoutMs?: number): Promise<void>;
}

const givenUpQueue = (name: string) => `${name}.given-up`;

/**
 * The product's durable job queue: pg-boss, in the product's own database (PGlite or PostgreSQL), so a
 * job is queued, survives a restart and is shared by every worker process exactly like the data it
 * works on. A job whose worker died is taken back after its heartbeat lapses, and tried again; when its
 * tries are used up it lands in a `<name>.given-up` queue whose worker runs the job's `onGiveUp`.
 */
export const createJobQueue = <D>(jobs: AnyJob<D>[], options: JobQueueOptions): JobQueue<D> => {
  const { database, system, log } = options;
  const boss = new PgBoss({
    ...(database.pglite
      ? { db: fromPglite(database.pglite), backend: 'pglite' as const }
      : { connectionString: database.url, max: 4 }),
    schema: 'pgboss',
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    useListenNotify: true,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const polling = options.pollingIntervalSeconds ?? 2;
  let started = false;

  const parse = (job: AnyJob<D>, data: unknown) => job.payload.parse(data) as OrganizationPayload;

  return {
    start: async () => {
      await boss.start();
      started = true;
      for (const job of jobs) {
        const settings = {
          retryLimit: job.retry.limit,
          retryDelay: job.retry.delaySeconds,
          retryBackoff: job.retry.backoff,
          expireInSeconds: job.expireInSeconds,
          heartbeatSeconds: Math.max(10, job.heartbeatSeconds),
          notify: true,
        };
        if (job.onGiveUp) {
          await upsertQueue(boss, givenUpQueue(job.name), { retryLimit: 5, retryDelay: 5, notify: true });
        }
        await upsertQueue(boss, job.name, {
          ...settings,
          ...(job.onGiveUp ? { deadLetter: givenUpQueue(job.name) } : {}),
        });
      }
    },

    send: async (job, payload, sendOptions = {}) => {
      const data = job.payload.parse(payload);
      return boss.send(job.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        group: { id: data.organizationId },
      });
    },

    isPending: async (job, singletonKey) => {
      const found = await boss.findJobs(job.name, { key: singletonKey });
      return found.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active');
    },

    work: async (deps, { concurrency }) => {
      for (const job of byName.values()) {
        await boss.work(
          job.name,
          {
            localConcurrency: concurrency,
            // Another organization's job is taken before a second one of an organization already running.
            groupConcurrency: 1,
            pollingIntervalSeconds: polling,
            // A wake-up comes with each new job, but none when a retry's delay ends: look as often anyway.
            notifyPollingIntervalSeconds: polling,
          },
          async ([raw]: Job<object>[]) => {
            if (!raw) return;
            const payload = parse(job, raw.data);
            const jobLog = log.child({
              job: job.name,
              jobId: raw.id,
              organizationId: payload.organizationId,
            });
            const scope = system.scopeFor(payload.organizationId);
            const outcome = await job.handler(
              { payload, scope, jobId: raw.id, attempt: raw.retryCount + 1, signal: raw.signal, log: jobLog },
              deps,
            );
            jobLog.info({ outcome }, 'job ran');
            // A final failure goes to the given-up queue like an exhausted one.
            if (outcome.status === 'failed') {
              if (job.onGiveUp) {
                await job.onGiveUp(
                  { payload, scope, jobId: raw.id, log: jobLog, reason: outcome.reason, code: outcome.code },
                  deps,
                );
              }
            }
            return outcome;
          },
        );
        const giveUp = job.onGiveUp;
        if (giveUp) {
          await boss.work(
            givenUpQueue(job.name),
            { localConcurrency: 1, pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling },
            async ([raw]: Job<object>[]) => {
              if (!raw) return;
              const payload = parse(job, raw.data);
              const jobLog = log.child({ job: givenUpQueue(job.name), jobId: raw.id });
              await giveUp(
                {
                  payload,
                  scope: system.scopeFor(payload.organizationId),
                  jobId: raw.id,
                  log: jobLog,
                  reason: 'every attempt failed',
                },
                deps,
              );
              jobLog.warn('job given up after its last attempt');
            },
          );
        }
      }
    },

    stop: async (timeoutMs = 30_000) => {
      if (!started) return;
      started = false;
      // The queue never closes the embedded database: it is the server's.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: !database.pglite });
    },
  };
};

/** Creates a queue, or brings an existing one's settings up to date. */
const upsertQueue = async (boss: PgBoss, name: string, settings: Record<string, unknown>) => {
  const existing = await boss.getQueue(name);
  if (existing) await boss.updateQueue(name, settings);
  else await boss.createQueue(name, settings);
};
