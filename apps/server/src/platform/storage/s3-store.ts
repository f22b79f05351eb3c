import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { checkKeyPrefix, type FileStore, type StoredFile } from './file-store';

export interface S3Options {
  /** The service's address, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects under this prefix (e.g. `invoicing/`); none by default. */
  prefix?: string;
}

const sha256Hex = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as Signature Version 4 wants it (S3 keeps `/` in paths). */
const encode = (value: string, keepSlash = false) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

/**
 * Signs a request with AWS Signature Version 4 (the header form), as S3 and every S3-compatible store
 * (MinIO, Cloudflare R2, Backblaze B2, ...) check it. Answers the headers to send.
 */
export const signV4 = (input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Uint8Array | string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now?: Date;
}): Record<string, string> => {
  const now = input.now ?? new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(input.body);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': payloadHash,
  };
  const signedHeaders = Object.keys(headers).sort();
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    encode(decodeURIComponent(input.url.pathname), true),
    query,
    ...signedHeaders.map((h) => `${h}:${headers[h]}`),
    '',
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`,
  };
};

const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );

/**
 * The file store on an S3-compatible object store (path-style addresses: `<endpoint>/<bucket>/<key>`). A
 * PUT of S3 is atomic, so no temporary objects are ever left: `removeUnfinished` has nothing to do.
 */
export const createS3FileStore = (options: S3Options): FileStore => {
  const base = options.endpoint.replace(/\/+$/, '');
  const prefix = options.prefix ?? '';
  const objectUrl = (key: string) =>
    new URL(`${base}/${encode(options.bucket)}/${encode(prefix + key, true)}`);

  const send = async (
    method: string,
    url: URL,
    body: Uint8Array | string = '',
    headers: Record<string, string> = {},
  ) => {
    const signed = signV4({
      method,
      url,
      headers,
      body,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    });
    delete signed.host;
    const res = await fetch(url, {
      method,
      headers: signed,
      ...(method === 'PUT' ? { body: typeof body === 'string' ? body : Buffer.from(body) } : {}),
    });
    return res;
  };

  const fail = async (what: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    const code = xmlValues(text, 'Code')[0] ?? res.statusText;
    throw new Error(`object store: ${what} answered ${res.status} ${code}`);
  };

  /** Every object whose key starts with `under`, page by page. */
  async function* listUnder(under: string): AsyncGenerator<StoredFile> {
    let token: string | undefined;
    do {
      const url = new URL(`${base}/${encode(options.bucket)}`);
      url.searchParams.set('list-type', '2');
      if (prefix + under) url.searchParams.set('prefix', prefix + under);
      if (token) url.searchParams.set('continuation-token', token);
      const res = await send('GET', url);
      if (!res.ok) await fail('LIST', res);
      const xml = await res.text();
      const keys = xmlValues(xml, 'Key');
      const dates = xmlValues(xml, 'LastModified');
      for (const [i, key] of keys.entries()) {
        yield { key: key.slice(prefix.length), modifiedAt: new Date(dates[i] ?? 0) };
      }
      token =
        xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token);
  }

  return {
    put: async (key, data) => {
      const res = await send('PUT', objectUrl(key), data, {
        'content-type': 'application/octet-stream',
        'content-length': String(data.length),
      });
      if (!res.ok) await fail(`PUT ${key}`, res);
    },
    get: async (key) => {
      const res = await send('GET', objectUrl(key));
      if (res.status === 404) return null;
      if (!res.ok) await fail(`GET ${key}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    open: async (key) => {
      const res = await send('GET', objectUrl(key));
      if (res.status === 404) return null;
      if (!res.ok || !res.body) await fail(`GET ${key}`, res);
      return {
        stream: Readable.fromWeb(res.body as WebReadableStream),
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    remove: async (key) => {
      const res = await send('DELETE', objectUrl(key));
      if (!res.ok && res.status !== 404) await fail(`DELETE ${key}`, res);
    },
    list: () => listUnder(''),
    removeUnder: async (under) => {
      checkKeyPrefix(under);
      // Listed first, then removed: removing while listing would move the pages of the listing.
      const keys: string[] = [];
      for await (const file of listUnder(under)) keys.push(file.key);
      for (const key of keys) {
        const res = await send('DELETE', objectUrl(key));
        if (!res.ok && res.status !== 404) await fail(`DELETE ${key}`, res);
      }
    },
    removeUnfinished: async () => 0,
  };
};
