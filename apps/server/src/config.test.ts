import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
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
});
