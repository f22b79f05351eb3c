import { z } from 'zod';
import { invoiceRoutes } from '@invoicing/contract';
import { createOrgScope } from '../../platform/db/org-scope';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { invoicesService } from './invoices.service';

const signedImageQuery = z.object({
  o: z.uuid(),
  v: z.enum(['original', 'preview']),
  exp: z.coerce.number().int(),
  sig: z.string().min(10).max(200),
});

export const registerInvoiceRoutes: FeatureRoutes = (app, ctx) => {
  const deps = { files: ctx.files, signer: ctx.signer, heavyWork: ctx.heavyWork };
  const service = (scope: Parameters<typeof invoicesService>[0]) => invoicesService(scope, deps);
  const a = ctx.accessCheck;

  bindRoute(app, a, invoiceRoutes.list, ({ scope, query }) => service(scope).list(query));
  bindRoute(app, a, invoiceRoutes.stats, ({ scope, query }) => service(scope).stats(query.days));
  bindRoute(app, a, invoiceRoutes.create, ({ scope, body }) => service(scope).create(body));
  bindRoute(app, a, invoiceRoutes.get, ({ scope, params }) => service(scope).get(params.id));
  bindRoute(app, a, invoiceRoutes.update, ({ scope, params, body }) =>
    service(scope).update(params.id, body),
  );
  bindRoute(app, a, invoiceRoutes.remove, async ({ scope, params }) => {
    await service(scope).remove(params.id);
  });
  bindRoute(app, a, invoiceRoutes.uploadImage, ({ scope, params, body }) =>
    service(scope).uploadImage(params.id, body),
  );
  bindRoute(app, a, invoiceRoutes.deleteImage, ({ scope, params, body }) =>
    service(scope).deleteImage(params.id, body.reason),
  );
  bindRoute(app, a, invoiceRoutes.restoreImage, ({ scope, params }) =>
    service(scope).restoreImage(params.id),
  );

  // The image itself: binary, so outside the JSON contract. The signed, expiring link is the credential
  // (an <img> cannot send the bearer token); it names the organization and the exact stored file.
  app.get('/api/v1/files/invoice-images/:id/', { schema: { hide: true } }, async (request, reply) => {
    const params = z.object({ id: z.uuid() }).safeParse(request.params);
    const query = signedImageQuery.safeParse(request.query);
    const missing = () => reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND' });
    if (!params.success || !query.success) return missing();
    const { o, v, exp, sig } = query.data;
    const scope = createOrgScope(ctx.system.db, { organizationId: o, userId: null, role: 'SYSTEM' });
    const file = await service(scope).readImage(params.data.id, v, (key) =>
      ctx.signer.verify([o, params.data.id, v, key], exp, sig),
    );
    if (!file) return missing();
    return reply
      .header('content-type', file.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(file.data);
  });
};
