import { count } from 'drizzle-orm';
import { validationMessages as m } from '@invoicing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoiceLines, invoices, items, authThrottle, organizations, users } from '../schema';
import { dataUrl, makeImage } from '../test/fixtures';
import { bearer, createTestApp, json, registerUser, uniqueEmail, type TestApp } from '../test/test-app';

// Text a client may send that PostgreSQL cannot store (NUL), that shows reordered (a right-to-left override
// turns "invoice‮gnp.exe" into "invoiceexe.png" on screen), or that looks empty but is not.
const nul = 'Acme\u0000Trading';
const override = 'invoice\u202egnp.exe';
const isolate = 'Acme \u2067Trading\u2069';
const escape = 'Acme\u001b[31mTrading';
const invisibleOnly = '\u200b\u200c\u200d\u2060\ufeff';
const refused = { nul, override, isolate, escape };

let t: TestApp;
let h: Record<string, string>;
let customerId: string;
let itemId: string;
let invoiceId: string;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

/** Row counts of every table a create or update could write to. */
const counts = async () => {
  const db = t.system.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [o] = await db.select({ n: count() }).from(organizations);
  const [c] = await db.select({ n: count() }).from(customers);
  const [i] = await db.select({ n: count() }).from(items);
  const [v] = await db.select({ n: count() }).from(invoices);
  const [l] = await db.select({ n: count() }).from(invoiceLines);
  const [f] = await db.select({ n: count() }).from(authThrottle);
  return {
    users: u?.n,
    organizations: o?.n,
    customers: c?.n,
    items: i?.n,
    invoices: v?.n,
    lines: l?.n,
    f: f?.n,
  };
};

/** What a GET answers, without the signed image links, whose expiry moves with the clock. */
const read = async (url: string) => {
  const { image_url: _url, image_preview_url: _preview, ...rest } = json(await call('GET', url));
  return rest;
};

/** Sends a request that must be refused: 400 naming `field`, and nothing written. */
const expectRefused = async (
  send: () => ReturnType<typeof call>,
  field: string,
  message?: string,
  readBack?: string,
) => {
  const before = await counts();
  const stored = readBack ? await read(readBack) : undefined;
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  const body = json<{ code: string; errors?: Record<string, string[]> }>(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.errors ?? {}), res.body).toContain(field);
  if (message) expect(body.errors?.[field]).toContain(message);
  expect(await counts()).toEqual(before);
  if (readBack) expect(await read(readBack)).toEqual(stored);
};

const customerBody = (over: Record<string, unknown> = {}) => ({
  name: 'Alexandria Traders',
  email: 'a@alex.example',
  phone: '+20 3 555 0101',
  tax_id: '123-456-789',
  address: '12 Corniche Road\nAlexandria',
  ...over,
});
const itemBody = (over: Record<string, unknown> = {}) => ({
  name: 'Desk',
  sku: 'DSK-1',
  unit_price: '1500',
  ...over,
});
const invoiceBody = (over: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  status: 'DRAFT',
  lines_data: [
    { description: 'Consulting', quantity: 2, unit_price: '100.00' },
    { description: 'Delivery', quantity: 1, unit_price: '10.00', ...line },
  ],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app);
  h = bearer(u.tokens.access, u.organization.id);
  customerId = json<{ id: string }>(await call('POST', '/customers/', customerBody())).id;
  itemId = json<{ id: string }>(await call('POST', '/items/', itemBody())).id;
  invoiceId = json<{ id: string }>(await call('POST', '/invoices/', invoiceBody({ number: 'INV-T-1' }))).id;
  const png = await makeImage('png');
  const upload = await call('POST', `/billing/invoices/${invoiceId}/image/upload/`, {
    image_data: dataUrl('image/png', png),
    file_name: 'scan.png',
  });
  expect(upload.statusCode, upload.body).toBe(200);
});
afterAll(() => t.close());

describe('registering', () => {
  const register = (over: Record<string, unknown>) => () =>
    call(
      'POST',
      '/auth/register',
      {
        name: 'Mona Salah',
        email: uniqueEmail(),
        password: 'correct-horse-battery',
        organization_name: 'Acme Trading',
        ...over,
      },
      {},
    );

  it.each(Object.entries(refused))('refuses %s in every text', async (_, bad) => {
    for (const field of ['name', 'organization_name']) {
      await expectRefused(register({ [field]: bad }), field, m.textControlCharacters);
    }
    await expectRefused(register({ email: `mona${bad}@example.com` }), 'email');
  });

  it('takes an organization name of invisible characters as missing', async () => {
    await expectRefused(
      register({ organization_name: invisibleOnly }),
      'organization_name',
      m.organizationNameRequired,
    );
  });

  it('keeps Arabic joiners inside a name and drops invisible edges', async () => {
    const res = await register({ name: '\u200bمحمد\u200cعلي\u200b', organization_name: 'شركة\u200dالنور' })();
    expect(res.statusCode, res.body).toBe(201);
    const body = json<{ user: { name: string }; organization: { name: string } }>(res);
    expect(body.user.name).toBe('محمد\u200cعلي');
    expect(body.organization.name).toBe('شركة\u200dالنور');
  });

  it('refuses NUL in the email of a sign-in without answering 500', async () => {
    await expectRefused(
      () =>
        call(
          'POST',
          '/auth/login',
          { email: 'mona\u0000@example.com', password: 'correct-horse-battery' },
          {},
        ),
      'email',
    );
  });
});

describe('customers', () => {
  const fields = ['name', 'email', 'phone', 'tax_id', 'address'];

  it.each(Object.entries(refused))(
    'refuses %s in every field of a new or changed customer',
    async (_, bad) => {
      for (const field of fields) {
        const value = field === 'email' ? `a${bad}@alex.example` : bad;
        await expectRefused(() => call('POST', '/customers/', customerBody({ [field]: value })), field);
        await expectRefused(
          () => call('PUT', `/customers/${customerId}/`, customerBody({ [field]: value })),
          field,
          undefined,
          `/customers/${customerId}/`,
        );
      }
    },
  );

  it('says which characters are refused, in the words the page translates', async () => {
    await expectRefused(
      () => call('POST', '/customers/', customerBody({ name: override })),
      'name',
      m.textControlCharacters,
    );
    await expectRefused(
      () => call('POST', '/customers/', customerBody({ tax_id: '123\u200f-456' })),
      'tax_id',
      m.textControlCharacters,
    );
  });

  it('takes a name of invisible characters as missing, and blank optional fields as empty', async () => {
    await expectRefused(
      () => call('POST', '/customers/', customerBody({ name: invisibleOnly })),
      'name',
      m.customerNameRequired,
    );
    const res = await call(
      'POST',
      '/customers/',
      customerBody({ tax_id: invisibleOnly, address: ' \u200b\n' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ tax_id: '', address: '' });
  });

  it('keeps emoji and the direction marks of Arabic text in a name, refuses half a surrogate pair', async () => {
    const name = 'مكتبة النور (مصر)\u200f 📚';
    const res = await call('POST', '/customers/', customerBody({ name }));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ name });
    await expectRefused(
      () => call('POST', '/customers/', customerBody({ name: 'Acme \ud83d' })),
      'name',
      m.textControlCharacters,
    );
  });

  it('keeps the lines of an address', async () => {
    const res = await call('POST', '/customers/', customerBody({ address: 'Line 1\r\nLine 2\tFloor 3' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ address: 'Line 1\r\nLine 2\tFloor 3' });
  });

  it('refuses a search with NUL or an override', async () => {
    for (const bad of Object.values(refused)) {
      const res = await call('GET', `/customers/?q=${encodeURIComponent(bad)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(json<{ errors: object }>(res).errors)).toContain('q');
    }
  });
});

describe('items', () => {
  it.each(Object.entries(refused))(
    'refuses %s in the name and SKU of a new or changed item',
    async (_, bad) => {
      for (const field of ['name', 'sku']) {
        await expectRefused(() => call('POST', '/items/', itemBody({ [field]: bad })), field);
        await expectRefused(
          () => call('PUT', `/items/${itemId}/`, itemBody({ [field]: bad })),
          field,
          m.textControlCharacters,
          `/items/${itemId}/`,
        );
      }
    },
  );

  it('takes a name of invisible characters as missing', async () => {
    await expectRefused(
      () => call('POST', '/items/', itemBody({ name: invisibleOnly })),
      'name',
      m.itemNameRequired,
    );
    await expectRefused(
      () => call('PUT', `/items/${itemId}/`, itemBody({ name: invisibleOnly })),
      'name',
      m.itemNameRequired,
      `/items/${itemId}/`,
    );
  });

  it('refuses a search with NUL or an override', async () => {
    for (const bad of Object.values(refused)) {
      const res = await call('GET', `/items/?q=${encodeURIComponent(bad)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(json<{ errors: object }>(res).errors)).toContain('q');
    }
  });
});

describe('invoices', () => {
  const url = () => `/invoices/${invoiceId}/`;

  it.each(Object.entries(refused))('refuses %s in the number and in a line description', async (_, bad) => {
    await expectRefused(() => call('POST', '/invoices/', invoiceBody({ number: bad })), 'number');
    await expectRefused(() => call('PUT', url(), invoiceBody({ number: bad })), 'number', undefined, url());
    await expectRefused(
      () => call('POST', '/invoices/', invoiceBody({}, { description: bad })),
      'lines_data.1.description',
      m.textControlCharacters,
    );
    await expectRefused(
      () => call('PUT', url(), invoiceBody({}, { description: bad })),
      'lines_data.1.description',
      m.textControlCharacters,
      url(),
    );
  });

  it('takes a line description of invisible characters as missing', async () => {
    await expectRefused(
      () => call('POST', '/invoices/', invoiceBody({}, { description: invisibleOnly })),
      'lines_data.1.description',
      m.lineDescriptionRequired,
    );
  });

  it('numbers an invoice whose number is only invisible characters', async () => {
    const res = await call('POST', '/invoices/', invoiceBody({ number: invisibleOnly }));
    expect(res.statusCode, res.body).toBe(201);
    const { number } = json<{ number: string }>(res);
    expect(number).not.toBe('');
    expect(number).not.toMatch(/[\u200b-\u200d\u2060\ufeff]/);
  });

  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '10000-01-01'])('refuses the date %s', async (date) => {
    for (const field of ['issue_date', 'due_date']) {
      const over = field === 'issue_date' ? { issue_date: date, due_date: '2026-12-01' } : { due_date: date };
      await expectRefused(() => call('POST', '/invoices/', invoiceBody(over)), field, m.dateInvalid);
      await expectRefused(() => call('PUT', url(), invoiceBody(over)), field, m.dateInvalid, url());
    }
  });

  it('accepts the first and the last day of the years it takes', async () => {
    const res = await call(
      'POST',
      '/invoices/',
      invoiceBody({ issue_date: '1900-01-01', due_date: '9999-12-31' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a search with NUL or an override', async () => {
    for (const bad of Object.values(refused)) {
      const res = await call('GET', `/invoices/?q=${encodeURIComponent(bad)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(json<{ errors: object }>(res).errors)).toContain('q');
    }
  });

  it.each(Object.entries({ ...refused, mark: 'scan\u200f.\u200fexe' }))(
    'refuses %s in the file name of an invoice image',
    async (_, bad) => {
      const png = await makeImage('png');
      await expectRefused(
        () =>
          call('POST', `/billing/invoices/${invoiceId}/image/upload/`, {
            image_data: dataUrl('image/png', png),
            file_name: bad,
          }),
        'file_name',
        m.textControlCharacters,
        url(),
      );
    },
  );

  it('refuses NUL in the reason an image is deleted', async () => {
    await expectRefused(
      () => call('POST', `/billing/invoices/${invoiceId}/image/delete/`, { reason: nul }),
      'reason',
      m.textControlCharacters,
      url(),
    );
  });
});
