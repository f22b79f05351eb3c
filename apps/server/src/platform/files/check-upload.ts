import { validationMessages as m } from '@invoicing/contract';
import { AppError } from '../errors/app-error';
import type { HeavyWork } from '../work/heavy-work';
import { UploadRejected, inspectUpload, type InspectedUpload } from './inspect-upload';

/**
 * Checks an uploaded file through the heavy work limiter and answers what it is, or refuses it with the
 * contract's errors: an unknown type (400), a picture too large (413), a file that does not decode (400).
 * `field` names the request field the file came in.
 */
export const checkUpload = async (
  heavyWork: HeavyWork,
  organizationId: string,
  bytes: Uint8Array,
  field: string,
): Promise<InspectedUpload> => {
  if (bytes.length === 0) throw new AppError('FILE_UNREADABLE', `${m.imageUnreadable}. The file is empty.`);
  try {
    return await heavyWork.run(organizationId, () => inspectUpload(bytes));
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    if (error.reason === 'type')
      throw new AppError('UNSUPPORTED_FILE_TYPE', m.imageType, { fieldErrors: { [field]: [m.imageType] } });
    if (error.reason === 'too-large')
      throw new AppError('FILE_TOO_LARGE', error.message, { fieldErrors: { [field]: [error.message] } });
    throw new AppError('FILE_UNREADABLE', `${m.imageUnreadable}. ${error.message}`);
  }
};
