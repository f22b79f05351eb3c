import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { expect } from '@playwright/test';
import type { APIResponse, Page } from '@playwright/test';
import { expectLanguage, uniqueEmail } from './app';
import type { Language } from './app';

const samplesDir = path.resolve(import.meta.dirname, '../../packages/ocr/test/fixtures/invoices');

export interface Sample {
  file: string;
  path: string;
  mime: string;
  /** The invoice number printed on it, as its truth file gives it. */
  invoiceNumber: string;
}

function sample(id: string, file: string, mime: string): Sample {
  const truth = JSON.parse(readFileSync(path.join(samplesDir, `${id}.json`), 'utf8')) as {
    fields: { invoice_number: string };
  };
  return { file, path: path.join(samplesDir, file), mime, invoiceNumber: truth.fields.invoice_number };
}

/** An invoice in each page language: an English one for English, an Arabic one for Arabic. */
export const samples: Record<Language, Sample> = {
  en: sample('dev-001', 'dev-001.png', 'image/png'),
  ar: sample('dev-005', 'dev-005.png', 'image/png'),
};

/**
 * A white page as a PNG: a real picture that the engine reads in a fraction of a second and finds nothing
 * on, so a run of it ends DONE and keeps the credits it cost.
 */
export function blankPng(width = 200, height = 200): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // grayscale
  // Each row: filter type 0, then white pixels.
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Session {
  access: string;
  refresh: string;
  organizationId: string;
  organizationName: string;
}

/**
 * A new user with an organization of its own (a Pro trial: 100 credits), registered through the API and
 * signed in in this browser with the organization chosen, in `language`: a test that changes state does so
 * where no other test looks.
 */
export async function signUpWithOrganization(
  page: Page,
  language: Language,
  prefix: string,
): Promise<Session> {
  const organizationName =
    language === 'ar'
      ? `مؤسسة ${prefix} ${Date.now().toString(36)}`
      : `${prefix} Org ${Date.now().toString(36)}`;
  const response = await page.request.post('/api/v1/auth/register', {
    data: {
      name: language === 'ar' ? 'سارة' : 'Sara',
      email: uniqueEmail(prefix),
      password: 'a-good-password-1',
      organization_name: organizationName,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as {
    tokens: { access: string; refresh: string };
    organization: { id: string };
  };
  const session = {
    access: body.tokens.access,
    refresh: body.tokens.refresh,
    organizationId: body.organization.id,
    organizationName,
  };
  await page.goto('/');
  await page.evaluate(
    ({ session: s, language: l }) => {
      localStorage.setItem('invoicing.language', l);
      localStorage.setItem('invoicing.accessToken', s.access);
      localStorage.setItem('invoicing.refreshToken', s.refresh);
      localStorage.setItem('invoicing.organizationId', s.organizationId);
    },
    { session, language },
  );
  await page.goto('/dashboard');
  await expectLanguage(page, language);
  await expect(page.getByTestId('dashboard-welcome')).toContainText(organizationName);
  return session;
}

export interface UploadedFile {
  id: string;
  original_name: string;
  size: number;
}

export interface Run {
  id: string;
  status: 'PROCESSING' | 'DONE' | 'FAILED';
}

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The API as the organization's member, for setting a case up quickly and for checking what was stored. */
export function organizationApi(page: Page, session: Session) {
  const headers = {
    Authorization: `Bearer ${session.access}`,
    'X-Organization-ID': session.organizationId,
  };
  return {
    headers,
    get: async <T>(apiPath: string): Promise<T> =>
      json<T>(await page.request.get(`/api/v1${apiPath}`, { headers }), 200),
    upload: async (content: Buffer, name: string, mimeType = 'image/png'): Promise<UploadedFile> =>
      json<UploadedFile>(
        await page.request.post('/api/v1/attachments/', {
          headers,
          multipart: { kind: 'INVOICE_UPLOAD', file: { name, mimeType, buffer: content } },
        }),
        201,
      ),
    startOcr: (attachmentId: string, method: 'normal' | 'advanced'): Promise<APIResponse> =>
      method === 'advanced'
        ? page.request.post(`/api/v1/attachments/${attachmentId}/enhanced-ocr/`, { headers })
        : page.request.post(`/api/v1/attachments/${attachmentId}/ocr/`, {
            headers,
            data: { use_enhanced: false },
          }),
    /** The statuses of the organization's runs, for waiting until they are over. */
    runs: async (): Promise<Run[]> =>
      (await json<{ results: Run[] }>(await page.request.get('/api/v1/ocr/?page_size=50', { headers }), 200))
        .results,
  };
}
