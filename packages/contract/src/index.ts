export * from './route';
export * from './errors';
export * from './error-response';
export * from './auth';
export * from './roles';
export * from './orgs';
export * from './members';
export * from './health';
export * from './common';
export * from './customers';
export * from './items';
export * from './invoices';
export * from './money';
export * from './attachments';
export * from './ocr';
export * from './usage';
export * from './billing';
export * from './admin';

/** The base path of every API call. */
export const apiBasePath = '/api/v1';
