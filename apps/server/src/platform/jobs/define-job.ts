import type { z } from 'zod';
import type { Logger } from 'pino';
import type { OrgScope } from '../db/org-scope';

/** What a run of a job came to. `failed` is final: the job is not tried again, and `onGiveUp` runs. */
type JobOutcome =
  | { status: 'done' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string; code?: string };

/** Every job works for one organization, named in its payload. */
export interface OrganizationPayload {
  organizationId: string;
}

interface JobRun<P> {
  payload: P;
  /** The payload organization's scope, the same as a request's: row-level security applies. */
  scope: OrgScope;
  jobId: string;
  /** 1 on the first run; a retry after an error, an expiry or a dead worker counts up. */
  attempt: number;
  /** Aborted when the worker stops or the run's time is up: long work should end early. */
  signal: AbortSignal;
  log: Logger;
}

export interface JobDefinition<P extends OrganizationPayload, D> {
  /** `domain.action`, e.g. `ocr.extract`. */
  name: string;
  payload: z.ZodType<P>;
  /** Runs after the first that threw, expired or lost their worker; with doubling delays when `backoff`. */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** Longest a run may take; a run still going then is ended and counts as failed. */
  expireInSeconds: number;
  /**
   * A running job sends a heartbeat every half of this; one whose worker died (killed, crashed) is
   * taken back after this many seconds without one (at least 10).
   */
  heartbeatSeconds: number;
  /** Idempotent: a retry may follow a run that did part of its work. */
  handler: (run: JobRun<P>, deps: D) => Promise<JobOutcome>;
  /**
   * Runs once when the job will not be tried again: every attempt threw, expired or lost its worker, or
   * the handler answered `failed`. Idempotent too.
   */
  onGiveUp?: (
    run: Omit<JobRun<P>, 'signal' | 'attempt'> & { reason: string; code?: string | undefined },
    deps: D,
  ) => Promise<void>;
}

/** A job of any payload, as the queue holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob<D> = JobDefinition<any, D>;

/** Declares a job: a name, a payload schema, retries as data, a handler. */
export const defineJob = <P extends OrganizationPayload, D>(definition: JobDefinition<P, D>) => definition;
