import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createTokenService, loadSigningSecret } from './platform/auth/tokens';
import type { DatabaseHandle } from './platform/db/client';
import { createSystemAccess } from './platform/db/system-access';
import { createUrlSigner } from './platform/auth/url-signer';
import { createLocalFileStore, localFilesDir } from './platform/storage/file-store';
import { createHeavyWork, heavyWorkConcurrency, type HeavyWork } from './platform/work/heavy-work';
import { errorHandler } from './platform/errors/error-handler';
import { createAccessCheck } from './platform/http/access';
import { createAccessCache, noAccessCache } from './platform/http/access-cache';
import type { FeatureContext } from './platform/http/feature-context';
import { featureRoutes } from './features';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** The heavy work limiter; by default one running a job per core (shared among the API processes). */
  heavyWork?: HeavyWork;
}

const requestIdHeader = 'x-request-id';

/** Builds the HTTP application; shared by the server and by tests that call `inject`. */
export const buildApp = async ({
  config,
  database,
  logger = true,
  heavyWork,
}: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 15 * 1024 * 1024,
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

  // 4. OpenAPI from the contract's schemas, at /api/docs.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Invoicing OCR API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // 5. Features.
  const system = createSystemAccess(database.db);
  const secret = loadSigningSecret(config.JWT_SECRET, config.dataDir);
  const tokens = createTokenService(secret, config.ACCESS_TOKEN_TTL_SECONDS);
  // On PostgreSQL the access check's answers are kept until a change is signalled; the embedded database
  // asks every time.
  const accessCache = database.pool ? createAccessCache(database.pool) : noAccessCache;
  app.addHook('onClose', () => accessCache.close());
  const ctx: FeatureContext = {
    config,
    system,
    tokens,
    accessCheck: createAccessCheck(system, tokens, accessCache),
    databaseKind: database.kind,
    files: createLocalFileStore(localFilesDir(config.dataDir)),
    signer: createUrlSigner(secret),
    heavyWork: heavyWork ?? createHeavyWork(heavyWorkConcurrency(config.apiProcesses)),
  };
  for (const register of featureRoutes) register(app, ctx);

  // 6. The web app for every other path; JSON 404 under /api.
  const webRoot = config.WEB_DIST_DIR ?? findWebDist();
  const hasWeb = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, maxAge: '1h' });
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
    // Hashed assets can be cached for long; the page itself never, so a new release is picked up.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot!);
  });

  return app;
};

/** apps/web/dist, found from the sources (src/) and from the bundled server (dist/). */
const findWebDist = (): string | null => {
  const here = path.dirname(new URL(import.meta.url).pathname);
  for (const candidate of [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../web/dist')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return null;
};
