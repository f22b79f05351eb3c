import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore, signV4 } from './s3-store';

describe('Signature Version 4', () => {
  it("signs AWS's documented example request exactly (GET Object with a range)", () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      body: '',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/**
 * A local imitation of an S3-compatible service (path-style PUT, GET, DELETE and ListObjectsV2), which
 * refuses any request whose signature does not check, as the service does.
 */
const credentials = { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret-key', region: 'eu-test-1' };
const objects = new Map<string, { data: Buffer; at: Date }>();
let refused = 0;
let server: http.Server;
let endpoint = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, `http://${req.headers.host}`);
      const given = String(req.headers.authorization ?? '');
      const signedNames = /SignedHeaders=([^,]+)/.exec(given)?.[1]?.split(';') ?? [];
      const expected = signV4({
        method: req.method!,
        url,
        headers: Object.fromEntries(
          signedNames
            .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
            .map((h) => [h, String(req.headers[h])]),
        ),
        body,
        ...credentials,
        now: new Date(
          String(req.headers['x-amz-date']).replace(
            /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
            '$1-$2-$3T$4:$5:$6Z',
          ),
        ),
      });
      if (expected.authorization !== given) {
        refused += 1;
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (bucket !== 'files') {
        res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { data: body, at: new Date() });
        res.writeHead(200).end();
      } else if (req.method === 'GET' && key) {
        const o = objects.get(key);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-length': o.data.length }).end(o.data);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const start = Number(url.searchParams.get('continuation-token') ?? 0);
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const page = keys.slice(start, start + 2);
        const more = start + 2 < keys.length;
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<ListBucketResult>${page
              .map(
                (k) =>
                  `<Contents><Key>${k.replace(/&/g, '&amp;')}</Key><LastModified>${objects.get(k)!.at.toISOString()}</LastModified></Contents>`,
              )
              .join(
                '',
              )}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
          );
      } else {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the S3-compatible file store', () => {
  it('stores, reads, lists (page by page) and removes files, every request signed', async () => {
    const store = createS3FileStore({ endpoint, bucket: 'files', prefix: 'invoicing/', ...credentials });
    const keys = ['org-1/attachments/a/original.pdf', 'org-1/attachments/a/preview.webp', 'org-2/x y+z&.png'];
    for (const [i, key] of keys.entries()) await store.put(key, Buffer.from(`file ${i}`));
    expect(objects.has('invoicing/org-1/attachments/a/original.pdf')).toBe(true);
    expect((await store.get(keys[2]!))?.toString()).toBe('file 2');
    expect(await store.get('org-1/missing.png')).toBeNull();
    const opened = await store.open(keys[1]!);
    expect(opened?.size).toBe(6);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('file 1');
    expect(await store.open('org-1/missing.png')).toBeNull();
    const listed: string[] = [];
    for await (const f of store.list()) listed.push(f.key);
    expect(listed).toEqual([...keys].sort());
    await store.remove(keys[0]!);
    await store.remove('never/stored.png');
    expect(await store.get(keys[0]!)).toBeNull();
    expect(refused).toBe(0);
  });

  it('removes every file under a folder, over several pages, and nothing else', async () => {
    const store = createS3FileStore({ endpoint, bucket: 'files', prefix: 'invoicing/', ...credentials });
    const gone = ['org-9/a/1.png', 'org-9/a/2.png', 'org-9/b/3.png', 'org-9/4.png', 'org-9/5.png'];
    const kept = ['org-90/a/1.png', 'org-8/a/1.png'];
    for (const key of [...gone, ...kept]) await store.put(key, Buffer.from(key));
    await store.removeUnder('org-9/');
    for (const key of gone) expect(await store.get(key), key).toBeNull();
    for (const key of kept) expect((await store.get(key))?.toString(), key).toBe(key);
    await expect(store.removeUnder('../')).rejects.toThrow(/unsafe/);
    await expect(store.removeUnder('org-8')).rejects.toThrow(/unsafe/);
    expect(refused).toBe(0);
  });

  it('fails loudly with wrong credentials, never silently', async () => {
    const store = createS3FileStore({ endpoint, bucket: 'files', ...credentials, secretAccessKey: 'wrong' });
    await expect(store.put('k.png', Buffer.from('x'))).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(refused).toBeGreaterThan(0);
  });
});
