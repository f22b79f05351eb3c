import { z } from 'zod';
import { MAX_UPLOAD_BYTES, attachmentRoutes, validationMessages as m } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { AppError } from '../../platform/errors/app-error';
import { fileVariantPattern, verifyAttachmentLink } from './attachments.links';
import { attachmentsService } from './attachments.service';

const signedQuery = z.object({
  o: z.uuid(),
  exp: z.coerce.number().int(),
  sig: z.string().min(10).max(100),
});

/** Errors of the multipart reader, in the contract's words. */
const multipartError = (error: unknown): AppError | null => {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('FILE_TOO_LARGE', m.imageTooLarge, { fieldErrors: { file: [m.imageTooLarge] } });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(
      'VALIDATION_FAILED',
      'Send one file, in the field `file`, and at most the field `kind`.',
    );
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION')
    return new AppError('MALFORMED_REQUEST', 'The upload is not a valid multipart/form-data body.');
  return null;
};

export const registerAttachmentRoutes: FeatureRoutes = (app, ctx) => {
  const a = ctx.accessCheck;
  const service = (scope: Parameters<typeof attachmentsService>[0]) =>
    attachmentsService(scope, { files: ctx.files, signer: ctx.signer, heavyWork: ctx.heavyWork });

  bindRoute(app, a, attachmentRoutes.list, ({ scope, query }) => service(scope).list(query));
  bindRoute(app, a, attachmentRoutes.storageUsage, ({ scope }) => service(scope).storageUsage());
  bindRoute(app, a, attachmentRoutes.get, ({ scope, params }) => service(scope).get(params.id));
  bindRoute(app, a, attachmentRoutes.remove, ({ scope, params }) => service(scope).remove(params.id));

  bindRoute(app, a, attachmentRoutes.upload, async ({ scope, request, auth }) => {
    if (!request.isMultipart()) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the file as multipart/form-data, in the field `file`.',
      );
    }
    let bytes: Buffer;
    let fileName: string | undefined;
    try {
      const part = await request.file({
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
      });
      if (!part || part.fieldname !== 'file') {
        throw new AppError('VALIDATION_FAILED', m.imageRequired, {
          fieldErrors: { file: [m.imageRequired] },
        });
      }
      const kindField = part.fields.kind;
      const kind = kindField && 'value' in kindField ? String(kindField.value) : 'INVOICE_UPLOAD';
      if (kind !== 'INVOICE_UPLOAD') {
        throw new AppError('VALIDATION_FAILED', 'kind: must be INVOICE_UPLOAD', {
          fieldErrors: { kind: ['must be INVOICE_UPLOAD'] },
        });
      }
      bytes = await part.toBuffer();
      fileName = part.filename;
    } catch (error) {
      throw multipartError(error) ?? error;
    }
    return service(scope).upload({ bytes, fileName, userId: auth.userId });
  });

  // The file itself: binary, so outside the JSON contract. The signed, expiring link is the credential.
  app.get('/api/v1/files/attachments/:id/:variant/', { schema: { hide: true } }, async (request, reply) => {
    const params = z
      .object({ id: z.uuid(), variant: z.string().regex(fileVariantPattern) })
      .safeParse(request.params);
    const query = signedQuery.safeParse(request.query);
    const missing = () => reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND' });
    if (!params.success || !query.success) return missing();
    const { o, exp, sig } = query.data;
    const { id, variant } = params.data;
    if (!verifyAttachmentLink(ctx.signer, { organizationId: o, attachmentId: id, variant, exp, sig })) {
      return missing();
    }
    const file = await service(ctx.system.scopeFor(o)).readVariant(id, variant);
    if (!file) return missing();
    // A PDF is downloaded, never shown by the browser inside the product's origin; pictures are shown.
    const disposition = file.isOriginal && file.mime === 'application/pdf' ? 'attachment' : 'inline';
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('content-length', String(file.size))
      .send(file.stream);
  });
};
