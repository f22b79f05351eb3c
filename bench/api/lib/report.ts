import type { Measurement } from './load';

/** A goal beside a figure: the text shown and whether the measurement meets it. */
export interface Goal {
  text: string;
  pass: (m: Measurement) => boolean;
}

export interface Row {
  measurement: Measurement;
  goals: Goal[];
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const result = (m: Measurement, goals: Goal[]) => {
  if (m.total === 0) return 'FAIL (no response completed within the run)';
  if (goals.length === 0) return '-';
  const failed = goals.filter((g) => !g.pass(m));
  return failed.length === 0 ? 'PASS' : `FAIL (${failed.map((g) => g.text).join('; ')})`;
};

/** Plain-text table; every column is padded so it reads in a terminal and in a text file. */
export const formatTable = (rows: Row[]) => {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'requests',
    'idle health ms',
    'CPU ms/req',
    'load CPU ms/req',
    'goal',
    'result',
  ];
  const body = rows.map(({ measurement: m, goals }) => [
    m.name,
    fixed(m.requestsPerSecond),
    m.total === 0 ? '-' : fixed(m.p50),
    m.total === 0 ? '-' : fixed(m.p99),
    String(m.non2xx),
    String(m.errors),
    String(m.total),
    m.idleHealthMs === undefined ? '-' : fixed(m.idleHealthMs),
    m.cpuMsPerRequest === undefined ? '-' : fixed(m.cpuMsPerRequest, 2),
    m.loadCpuMsPerRequest === undefined ? '-' : fixed(m.loadCpuMsPerRequest, 2),
    goals.map((g) => g.text).join('; ') || '-',
    result(m, goals),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
};
