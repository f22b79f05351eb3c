import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { TokenService } from '../auth/tokens';
import type { UrlSigner } from '../auth/url-signer';
import type { FileStore } from '../storage/file-store';
import type { HeavyWork } from '../work/heavy-work';
import type { PdfRenderer } from '../documents/pdf-renderer';
import type { DatabaseKind } from '../db/client';
import type { SystemAccess } from '../db/system-access';
import type { OcrEvent } from '@invoicing/contract';
import type { EventBus } from '../events/event-bus';
import type { JobDeps } from '../jobs/job-deps';
import type { JobQueue } from '../jobs/job-queue';
import type { RouteGuard } from './bind-route';

/** What every feature's routes are given by buildApp. */
export interface FeatureContext {
  config: Config;
  system: SystemAccess;
  tokens: TokenService;
  /** What every route's requests pass first (bind-route.ts). */
  accessCheck: RouteGuard;
  databaseKind: DatabaseKind;
  files: FileStore;
  signer: UrlSigner;
  /** Decoding, rendering and OCR: a few at a time, fairly between organizations. */
  heavyWork: HeavyWork;
  /** Prints HTML documents as PDF (one browser, renders as heavy work). */
  pdf: PdfRenderer;
  /** The durable job queue (sending; workers run where configured). */
  jobs: JobQueue<JobDeps>;
  /** Changes pushed to the organization's open pages. */
  events: EventBus<OcrEvent>;
}

export type FeatureRoutes = (app: FastifyInstance, ctx: FeatureContext) => void;
