export * from './route';
export * from './errors';
export * from './auth';
export * from './orgs';
export * from './health';

/** The base path of every API call. */
export const apiBasePath = '/api/v1';
