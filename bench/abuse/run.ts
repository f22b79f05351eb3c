/**
 * What an attack costs everyone else: the latency of a health check while one attack of each kind runs
 * against the built server (embedded database by default, PostgreSQL with BENCH_DATABASE_URL).
 *
 *   npm run bench:abuse
 *
 * Goal: the health check's p99 stays under 100 ms during each attack.
 */
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { startProduct } from '../api/lib/processes';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_ATTACK_SECONDS ?? 10);

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A one-page PDF whose page is 200 x 200 inches: a few hundred bytes that render to a huge picture. */
const hugePagePdf = () => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

interface Attack {
  name: string;
  /** Sends one attacking request; answers its status. */
  once: () => Promise<number>;
  parallel: number;
}

const main = async () => {
  const product = await startProduct(root, {
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const base = product.base;
  try {
    // A user with an invoice to upload images to (the attacker's own organization).
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reg = await fetch(
      `${base}/api/v1/auth/register`,
      json({
        email: `attacker.${Date.now()}@example.com`,
        password: 'attacker-password-1',
        organization_name: 'Attacker Ltd',
      }),
    );
    const { tokens, organization } = (await reg.json()) as {
      tokens: { access: string };
      organization: { id: string };
    };
    const auth = {
      authorization: `Bearer ${tokens.access}`,
      'x-organization-id': organization.id,
      'content-type': 'application/json',
    };
    const customer = (await (
      await fetch(`${base}/api/v1/customers/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'X' }),
      })
    ).json()) as { id: string };
    const invoice = (await (
      await fetch(`${base}/api/v1/invoices/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          customer_id: customer.id,
          issue_date: '2026-11-01',
          due_date: '2026-11-30',
          lines_data: [{ description: 'x', quantity: 1, unit_price: '1.00' }],
        }),
      })
    ).json()) as { id: string };

    const nested = `{"name":${'['.repeat(7_000_000)}${']'.repeat(7_000_000)}}`;
    const pdf = `data:application/pdf;base64,${hugePagePdf().toString('base64')}`;
    const bigPng = await sharp({
      create: { width: 8_900, height: 8_900, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const png = `data:image/png;base64,${bigPng.toString('base64')}`;
    let n = 0;

    const attacks: Attack[] = [
      {
        name: 'deep JSON, 14 MB, no token',
        parallel: 4,
        once: async () =>
          (
            await fetch(`${base}/api/v1/customers/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: nested,
            })
          ).status,
      },
      {
        name: 'deep JSON, 14 MB, to sign-in',
        parallel: 4,
        once: async () =>
          (
            await fetch(`${base}/api/v1/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: nested,
            })
          ).status,
      },
      {
        name: 'PDF of a 200-inch page',
        parallel: 8,
        once: async () =>
          (
            await fetch(`${base}/api/v1/billing/invoices/${invoice.id}/image/upload/`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ image_data: pdf, file_name: 'huge.pdf' }),
            })
          ).status,
      },
      {
        name: `PNG of ${((8_900 * 8_900) / 1e6).toFixed(0)} megapixels`,
        parallel: 8,
        once: async () =>
          (
            await fetch(`${base}/api/v1/billing/invoices/${invoice.id}/image/upload/`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ image_data: png, file_name: 'big.png' }),
            })
          ).status,
      },
      {
        name: 'registrations from one address',
        parallel: 40,
        once: async () =>
          (
            await fetch(
              `${base}/api/v1/auth/register`,
              json({
                email: `mass.${Date.now()}.${(n += 1)}@example.com`,
                password: 'mass-password-1',
                organization_name: 'Mass Ltd',
              }),
            )
          ).status,
      },
      {
        name: 'wrong passwords to one account',
        parallel: 60,
        once: async () =>
          (
            await fetch(
              `${base}/api/v1/auth/login`,
              json({ email: 'victim@example.com', password: `guess-${(n += 1)}` }),
            )
          ).status,
      },
    ];

    const header =
      'attack                              parallel  requests  answers                health p50 ms  p99 ms  max ms  goal            result';
    const rows: string[] = [];
    for (const attack of attacks) {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      let requests = 0;
      let running = true;
      const probe = (async () => {
        while (running) {
          const start = performance.now();
          try {
            await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(30_000) });
          } catch {
            // a timeout counts as its full wait
          }
          latencies.push(performance.now() - start);
          await sleep(20);
        }
      })();
      const attackers = Array.from({ length: attack.parallel }, async () => {
        while (running) {
          requests += 1;
          let status = 0;
          try {
            status = await attack.once();
          } catch {
            status = 0;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      });
      await sleep(seconds * 1000);
      running = false;
      await Promise.all([probe, ...attackers]);
      const answers = [...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s || 'err'}x${c}`)
        .join(' ');
      const p99 = percentile(latencies, 99);
      rows.push(
        [
          attack.name.padEnd(34),
          String(attack.parallel).padStart(8),
          String(requests).padStart(9),
          `  ${answers}`.padEnd(23),
          percentile(latencies, 50).toFixed(1).padStart(14),
          p99.toFixed(1).padStart(7),
          Math.max(...latencies)
            .toFixed(1)
            .padStart(7),
          '  p99 < 100 ms'.padEnd(16),
          p99 < 100 ? 'PASS' : 'FAIL',
        ].join(''),
      );
      process.stdout.write(`${rows.at(-1)}\n`);
      // Let the server settle before the next attack.
      await sleep(2_000);
    }
    process.stdout.write(
      `\nHealth-check latency while each attack runs (${seconds} s each, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}, ${os.availableParallelism()} cores):\n\n${header}\n${rows.join('\n')}\n`,
    );
  } finally {
    await product.stop();
  }
};

await main();
