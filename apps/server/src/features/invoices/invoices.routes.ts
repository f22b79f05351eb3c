import { invoiceRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { invoiceDocumentsService } from './invoice-documents.service';
import { invoicesService } from './invoices.service';

/** `attachment` with the file name: plain ASCII for every client, and exact (RFC 6266) for those that read it. */
const contentDisposition = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
};

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
  bindRoute(app, a, invoiceRoutes.document, ({ scope, params, query }) =>
    invoiceDocumentsService(scope, ctx).document(params.id, query),
  );
  bindRoute(app, a, invoiceRoutes.pdf, async ({ scope, params, query, reply }) => {
    const { bytes, fileName } = await invoiceDocumentsService(scope, ctx).pdf(params.id, query);
    void reply
      .header('content-disposition', contentDisposition(fileName))
      // An organization's invoice: kept by no cache on the way.
      .header('cache-control', 'private, no-store');
    return bytes;
  });
  bindRoute(app, a, invoiceRoutes.duplicate, ({ scope, params }) => service(scope).duplicate(params.id));
  bindRoute(app, a, invoiceRoutes.uploadImage, ({ scope, params, body }) =>
    service(scope).uploadImage(params.id, body),
  );
  bindRoute(app, a, invoiceRoutes.deleteImage, ({ scope, params, body }) =>
    service(scope).deleteImage(params.id, body.reason),
  );
  bindRoute(app, a, invoiceRoutes.restoreImage, ({ scope, params }) =>
    service(scope).restoreImage(params.id),
  );
};
