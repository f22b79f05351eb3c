import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { apiBasePath, attachmentRoutes, ocrEventsPath, ocrRoutes, type RouteDef } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { ocrService } from './ocr.service';

/** The event stream's access: an organization member's, like every call. */
const eventsRoute: RouteDef = {
  method: 'GET',
  path: ocrEventsPath,
  access: 'org',
  summary: 'OCR progress of the organization, as server-sent events',
  response: z.unknown(),
};

const PING_MS = 15_000;

export const registerOcrRoutes: FeatureRoutes = (app, ctx) => {
  const a = ctx.accessCheck;
  const service = (scope: Parameters<typeof ocrService>[0]) =>
    ocrService(scope, {
      files: ctx.files,
      signer: ctx.signer,
      heavyWork: ctx.heavyWork,
      jobs: ctx.jobs,
      events: ctx.events,
    });

  bindRoute(app, a, attachmentRoutes.ocr, ({ scope, params, body, auth }) =>
    service(scope).start(params.id, body.use_enhanced ? 'advanced' : 'normal', auth.userId),
  );
  bindRoute(app, a, attachmentRoutes.enhancedOcr, ({ scope, params, auth }) =>
    service(scope).start(params.id, 'advanced', auth.userId),
  );
  bindRoute(app, a, ocrRoutes.list, ({ scope, query }) => service(scope).list(query));
  bindRoute(app, a, ocrRoutes.get, ({ scope, params }) => service(scope).get(params.id));
  bindRoute(app, a, ocrRoutes.correct, ({ scope, params, body, auth }) =>
    service(scope).correct(params.id, body, auth.userId),
  );
  bindRoute(app, a, ocrRoutes.apply, ({ scope, params }) => service(scope).apply(params.id));

  // Progress pushed to the pages as server-sent events: `event: extraction` with an OcrEvent as data.
  const streams = new Set<ServerResponse>();
  app.addHook('onClose', async () => {
    for (const stream of streams) stream.end();
  });
  app.get(
    `${apiBasePath}${ocrEventsPath}`,
    { onRequest: a(eventsRoute), schema: { hide: true } },
    async (request, reply) => {
      const scope = request.scope!;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies that buffer answers would hold the events back.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 3000\n: connected\n\n');
      streams.add(res);
      const unsubscribe = ctx.events.subscribe(scope.organizationId, (event) => {
        res.write(`event: extraction\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
      ping.unref();
      res.on('close', () => {
        clearInterval(ping);
        unsubscribe();
        streams.delete(res);
      });
    },
  );
};
