import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('keeps files on local disk unless an S3-compatible store is named in full', () => {
    expect(loadConfig({}).s3).toBeNull();
    const s3 = {
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'invoices',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'invoices',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: '',
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required/,
    );
  });

  it('works on OCR with one worker per core unless told otherwise', () => {
    expect(loadConfig({ OCR_WORKERS: '0' }).ocrWorkers).toBe(0);
    expect(loadConfig({ OCR_WORKERS: '3' }).ocrWorkers).toBe(3);
    expect(loadConfig({}).ocrWorkers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ OCR_WORKERS: 'many' })).toThrow(/OCR_WORKERS/);
  });

  it('serves from one API process unless told otherwise', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: 'auto' }).apiProcesses).toBe(1);
  });

  it('runs several API processes only on PostgreSQL', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/invoicing';
    expect(loadConfig({ API_PROCESSES: '3', DATABASE_URL: url }).apiProcesses).toBe(3);
    expect(loadConfig({ API_PROCESSES: 'auto', DATABASE_URL: url }).apiProcesses).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(
      /API_PROCESSES: more than one process needs DATABASE_URL/,
    );
    expect(() => loadConfig({ API_PROCESSES: 'many', DATABASE_URL: url })).toThrow(/API_PROCESSES/);
    expect(() => loadConfig({ API_PROCESSES: '0', DATABASE_URL: url })).toThrow(/API_PROCESSES/);
  });

  it('trusts X-Forwarded-For only from the proxies it is told of', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    // One proxy in front, not every hop: entries a client wrote itself are never the client address.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    for (const bad of ['yes', '0', '10.0.0.0/33', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('throttles sign-in and registration by default', () => {
    const config = loadConfig({});
    expect(config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS).toBe(5);
    expect(config.LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(50);
    expect(config.LOGIN_MAX_FAILURES_PER_ADDRESS).toBe(20);
    expect(config.LOGIN_FAILURE_WINDOW_SECONDS).toBe(900);
    expect(config.REGISTER_MAX_PER_ADDRESS).toBe(10);
    expect(config.REGISTER_WINDOW_SECONDS).toBe(3600);
  });
});
