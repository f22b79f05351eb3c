import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, defaultBodyLimit, type OcrEvent } from '@invoicing/contract';
import type { Config } from './config';
import { createTokenService, loadSigningSecret } from './platform/auth/tokens';
import type { DatabaseHandle } from './platform/db/client';
import { createSystemAccess } from './platform/db/system-access';
import { createUrlSigner } from './platform/auth/url-signer';
import { openFileStore } from './platform/storage/open-file-store';
import { createHeavyWork, heavyWorkConcurrency, type HeavyWork } from './platform/work/heavy-work';
import { createPdfRenderer, type PdfRenderer } from './platform/documents/pdf-renderer';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './platform/errors/error-handler';
import { registerJsonBodyParser } from './platform/http/json-body';
import { loggerOptions } from './platform/logging/log-options';
import { createAccessCheck } from './platform/http/access';
import { limitPerAddress } from './platform/http/request-rate';
import { createAccessCache, noAccessCache } from './platform/http/access-cache';
import type { FeatureContext } from './platform/http/feature-context';
import { featureRoutes } from './features';
import { membershipLookup } from './features/orgs/orgs.repository';
import { createGatewayRegistry } from './features/billing/gateways/registry';
import { productJobs, startJobWorkers, type OcrEngine } from './features/jobs';
import { createJobQueue } from './platform/jobs/job-queue';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from './platform/events/event-bus';
import type { Logger } from 'pino';
import { recognizeInvoice } from '@invoicing/ocr';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** The heavy work limiter; by default one running a job per core (shared among the API processes). */
  heavyWork?: HeavyWork;
  /** Prints invoices as PDF; by default Chromium at CHROMIUM_PATH (tests hand in one that fails). */
  pdf?: PdfRenderer;
  /**
   * Job workers to run in this process (0: none, jobs are only queued), and the OCR engine they call
   * (tests hand in a fake).
   */
  workers?: { concurrency: number; ocr?: OcrEngine };
}

const requestIdHeader = 'x-request-id';

/**
 * A number of proxies trusts the hops nearest to us (Fastify reads a bare number as trusting none): the
 * client address is then the one the outermost of them saw, never an entry the client wrote itself.
 */
const trustProxy = (trusted: Config['TRUST_PROXY']) =>
  typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;

/** Builds the HTTP application; shared by the server and by tests that call `inject`. */
export const buildApp = async ({
  config,
  database,
  logger = true,
  logStream,
  heavyWork,
  workers,
  pdf,
}: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger || logStream ? loggerOptions(config.LOG_LEVEL, logStream) : false,
    trustProxy: trustProxy(config.TRUST_PROXY),
    // Routes that take more say so in the contract (bind-route.ts).
    bodyLimit: defaultBodyLimit,
    // Errors raised before a route is found, or before there is a request at all, answer in the
    // contract's shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
    // A request id from a proxy is kept when it looks sane; otherwise we make one. It is logged with every
    // line of the request and sent back, so a user's report can be matched to the logs.
    requestIdHeader,
    genReqId: (req) => {
      const given = req.headers[requestIdHeader];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
  });

  // 1. Schemas: zod validates requests and serializes answers.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);
  app.decorateRequest('auth', null);
  app.decorateRequest('scope', null);

  // 2. Errors: one handler for everything.
  app.setErrorHandler(errorHandler);

  // 3. Security headers on every answer. Mantine injects style tags, hence inline styles. The middleware
  // is built once: building it parses the policy, which costs more than applying it.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header(requestIdHeader, request.id);
  });

  // Uploads: multipart bodies are read by the upload route itself, as a stream, within its own limits.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 6 } });

  // 4. OpenAPI from the contract's schemas, at /api/docs when the operator publishes it.
  if (config.API_DOCS) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Invoicing OCR API', version: '1.0.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // 5. Features.
  const system = createSystemAccess(database.db);
  const secret = loadSigningSecret(config.JWT_SECRET, config.dataDir);
  const tokens = createTokenService(secret, config.ACCESS_TOKEN_TTL_SECONDS);
  // On PostgreSQL the access check's answers are kept until a change is signalled; the embedded database
  // asks every time.
  const accessCache = database.pool ? createAccessCache(database.pool) : noAccessCache;
  app.addHook('onClose', () => accessCache.close());
  const accessCheck = createAccessCheck(system, tokens, membershipLookup(system.db), accessCache);
  const authRate = {
    perMinute: config.AUTH_REQUESTS_PER_MINUTE,
    burst: Math.max(1, Math.ceil(config.AUTH_REQUESTS_PER_MINUTE / 2)),
  };
  const events: EventBus<OcrEvent> =
    database.kind === 'postgres' && database.url
      ? createPostgresEventBus(database.url, (error) => app.log.warn({ err: error }, 'event bus'))
      : createLocalEventBus();
  const jobs = createJobQueue(productJobs, { database, system, log: app.log as unknown as Logger });
  const work = heavyWork ?? createHeavyWork(heavyWorkConcurrency(config.apiProcesses));
  const files = openFileStore(config);
  // The browser starts at the first PDF asked for, not with the server, and ends when left idle.
  const pdfRenderer =
    pdf ??
    createPdfRenderer({
      executablePath: config.CHROMIUM_PATH,
      timeoutMs: config.PDF_RENDER_TIMEOUT_MS,
      heavyWork: work,
      onError: (error) => app.log.warn({ err: error }, 'pdf rendering failed'),
    });
  app.addHook('onClose', () => pdfRenderer.close());
  await jobs.start();
  let stopChecks = () => undefined as void;
  if (workers && workers.concurrency > 0) {
    stopChecks = await startJobWorkers(
      jobs,
      {
        files,
        heavyWork: work,
        events,
        ocr: workers.ocr ?? { recognize: recognizeInvoice },
        paymentGateways: createGatewayRegistry(config, system.db),
      },
      system,
      { concurrency: workers.concurrency, onError: (error) => app.log.error({ err: error }, 'job check') },
    );
  }
  // The queue stops (waiting for the jobs running) before the database closes.
  app.addHook('onClose', async () => {
    stopChecks();
    await jobs.stop();
    await events.close();
  });
  const ctx: FeatureContext = {
    config,
    system,
    tokens,
    accessCheck: (route) => [
      ...(route.limitedPerAddress ? [limitPerAddress(authRate)] : []),
      accessCheck(route.access, route.roles),
    ],
    databaseKind: database.kind,
    files,
    signer: createUrlSigner(secret),
    heavyWork: work,
    pdf: pdfRenderer,
    jobs,
    events,
  };
  for (const register of featureRoutes) register(app, ctx);

  // 6. The web app for every other path; JSON 404 under /api.
  const webRoot = config.WEB_DIST_DIR ?? findWebDist();
  const hasWeb = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlOf(webRoot, filePath)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND' });
    }
    return reply.sendFile('index.html', webRoot!);
  });

  return app;
};

/**
 * The page itself is checked with the server on every visit, so a new release is picked up at once; the
 * assets it names carry a hash of their content in their names and never change, so they are kept a year.
 */
const cacheControlOf = (webRoot: string, filePath: string): string => {
  const relative = path
    .relative(webRoot, filePath)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relative.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
};

/** apps/web/dist, found from the sources (src/) and from the bundled server (dist/). */
const findWebDist = (): string | null => {
  const here = path.dirname(new URL(import.meta.url).pathname);
  for (const candidate of [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../web/dist')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return null;
};
