import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { FakeXhr, installFakeXhr } from '../../../test/fake-xhr';
import { fakeAccessToken, jsonResponse, renderApp } from '../../../test/render';
import { extractionOf, fakeOcrServer, fileOf, ids } from '../test/fake-ocr-server';

// The dropzone's own filter is what the picker applies; these tests hand it anything, as a drop would.
const user = userEvent.setup({ delay: null, applyAccept: false });

function pngFile(name: string, bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
  installFakeXhr();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OCR page', { timeout: 20_000 }, () => {
  it('shows the credits and storage left, the options and the recent files', async () => {
    fakeOcrServer();
    await renderApp('/ocr');
    await waitFor(() => expect(screen.getByTestId('ocr-credits-remaining')).toHaveTextContent('87'));
    expect(screen.getByTestId('ocr-storage-remaining')).toHaveTextContent('1,011.5 MB');
    expect(screen.getByTestId('ocr-option-normal')).toHaveTextContent('1 credit');
    expect(screen.getByTestId('ocr-option-advanced')).toHaveTextContent('10 credits');
    const [file] = await screen.findAllByTestId('recent-file');
    expect(file).toHaveTextContent('nile-invoice.png');
    expect(within(file!).getByTestId('recent-file-view')).toHaveAttribute(
      'href',
      `/files/${ids.scan}?sig=abc`,
    );
    expect(within(file!).getByTestId('recent-ocr-normal')).toBeEnabled();
    expect(await screen.findByTestId('ocr-results-empty')).toBeInTheDocument();
    expect(screen.getByTestId('upload-submit')).toBeDisabled();
  });

  it('refuses a wrong type or a file over 10MB before sending anything', async () => {
    fakeOcrServer();
    await renderApp('/ocr');
    const input = await screen.findByTestId('upload-input');
    const big = pngFile('huge-scan.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, [new File(['x'], 'notes.txt', { type: 'text/plain' }), big]);
    const refused = await screen.findByTestId('upload-refused');
    expect(refused).toHaveTextContent('notes.txt: Please select a valid image file (JPG, PNG, WEBP) or PDF');
    expect(refused).toHaveTextContent('huge-scan.png: File size must be less than 10MB');
    expect(screen.queryByTestId('upload-item')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-submit')).toBeDisabled();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('uploads with a progress bar per file and warns about a duplicate with links to the earlier file', async () => {
    const server = fakeOcrServer();
    await renderApp('/ocr');
    const input = await screen.findByTestId('upload-input');
    await user.upload(input, [pngFile('scan-2.png', 3 * 1024 * 1024)]);
    const item = await screen.findByTestId('upload-item');
    expect(item).toHaveTextContent('scan-2.png');
    expect(item).toHaveTextContent('3 MB');
    expect(item).toHaveTextContent('Ready to upload');
    const submit = screen.getByTestId('upload-submit');
    expect(submit).toHaveTextContent('Upload File');
    await user.click(submit);

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.requests[0]!;
    expect(xhr.path).toBe('/attachments/');
    expect(xhr.form.kind).toBe('INVOICE_UPLOAD');
    expect((xhr.form.file as File).name).toBe('scan-2.png');
    expect(xhr.headers['X-Organization-ID']).toBe('org-1');
    act(() => xhr.progress(40, 100));
    expect(within(item).getByTestId('upload-item-status')).toHaveTextContent('Uploading… 40%');

    const before = server.get('/attachments/').length;
    const uploaded = fileOf({
      id: ids.receipt,
      original_name: 'scan-2.png',
      invoice_id: null,
    });
    server.state.files.unshift(uploaded);
    act(() =>
      xhr.respond(201, {
        ...uploaded,
        duplicate_of: {
          id: ids.scan,
          original_name: 'nile-invoice.png',
          created_at: '2026-03-02T09:30:00Z',
          invoice_id: ids.invoice,
          invoice_number: 'INV-000042',
        },
      }),
    );
    const duplicate = await within(item).findByTestId('upload-duplicate');
    expect(duplicate).toHaveTextContent('This file was uploaded before');
    expect(duplicate).toHaveTextContent('nile-invoice.png');
    expect(within(duplicate).getByTestId('upload-duplicate-file')).toHaveAttribute(
      'href',
      '/file-manager?q=nile-invoice.png',
    );
    expect(within(duplicate).getByTestId('upload-duplicate-invoice')).toHaveAttribute(
      'href',
      `/invoices/${ids.invoice}`,
    );
    expect(within(item).getByTestId('upload-item-status')).toHaveTextContent('Uploaded');
    // The recent files show the new one without a reload.
    await waitFor(() => expect(server.get('/attachments/').length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getAllByTestId('recent-file')).toHaveLength(2));
  });

  it('shows the storage limit refusal with the server message and its offer', async () => {
    fakeOcrServer();
    await renderApp('/ocr');
    await user.upload(await screen.findByTestId('upload-input'), [pngFile('scan-3.png')]);
    FakeXhr.autoRespond = () => ({
      status: 403,
      body: {
        detail: 'Storage limit reached',
        code: 'STORAGE_LIMIT_REACHED',
        upgrade_required: true,
        message: 'Storage limit reached',
        limit_type: 'storage',
        current_usage: 30,
        limit: 30,
        upgrade_options: { buy_extra_storage: 'Buy 100MB extra storage for 10 EGP.' },
      },
    });
    await user.click(screen.getByTestId('upload-submit'));
    expect(
      await screen.findByText('Storage limit reached Buy 100MB extra storage for 10 EGP.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', 'Please select a valid image file (JPG, PNG, WEBP) or PDF'],
    ['ar', 'يرجى اختيار ملف صورة صالح (JPG أو PNG أو WEBP) أو PDF'],
  ] as const)(
    "shows the server's refusal of a file's content as its message alone (%s)",
    async (language, expected) => {
      fakeOcrServer();
      await renderApp('/ocr', language);
      await user.upload(await screen.findByTestId('upload-input'), [pngFile('renamed-notes.png')]);
      FakeXhr.autoRespond = () => ({
        status: 400,
        body: {
          detail: 'Please select a valid image file (JPG, PNG, WEBP) or PDF',
          code: 'UNSUPPORTED_FILE_TYPE',
          errors: { file: ['Please select a valid image file (JPG, PNG, WEBP) or PDF'] },
        },
      });
      await user.click(screen.getByTestId('upload-submit'));
      const item = await screen.findByTestId('upload-item');
      await waitFor(() => expect(item).toHaveAttribute('data-state', 'failed'));
      expect(within(item).getByTestId('upload-item-status').textContent).toBe(expected);
    },
  );

  it('starts OCR, follows the pushed progress and turns DONE without polling', async () => {
    const server = fakeOcrServer();
    await renderApp('/ocr');
    const [file] = await screen.findAllByTestId('recent-file');
    await waitFor(() => expect(server.streamOpen()).toBe(true));
    await user.click(within(file!).getByTestId('recent-ocr-normal'));
    expect(server.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/attachments/${ids.scan}/ocr/`,
        body: { use_enhanced: false },
      }),
    ]);
    expect(await screen.findByText('OCR started: Normal, 1 credit')).toBeInTheDocument();
    const card = await screen.findByTestId('ocr-result');
    expect(card).toHaveAttribute('data-status', 'PROCESSING');
    expect(within(card).getByTestId('ocr-progress-stage')).toHaveTextContent('Waiting to start…');
    // The file's OCR buttons gave way to its status.
    expect(within(file!).getByTestId('ocr-status-badge')).toHaveTextContent('Processing');

    const event = {
      extraction_id: ids.extraction,
      attachment_id: ids.scan,
      error_message: null,
      credits_refunded: 0,
    };
    await server.push({
      ...event,
      status: 'PROCESSING',
      progress: { stage: 'recognize', page: 1, pages: 2, percent: 40 },
    });
    await waitFor(() =>
      expect(within(card).getByTestId('ocr-progress-stage')).toHaveTextContent('Recognizing text'),
    );
    expect(within(card).getByTestId('ocr-progress-page')).toHaveTextContent('Page 1 of 2');
    expect(within(card).getByTestId('ocr-progress-percent')).toHaveTextContent('40%');

    const listCalls = server.get('/ocr/').length;
    server.update(ids.extraction, {
      ...extractionOf(),
      attachment: ids.scan,
    });
    await server.push({ ...event, status: 'DONE', progress: null });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'DONE'));
    expect(within(card).getByTestId('ocr-confidence')).toHaveTextContent('92.5%');
    expect(within(card).getByTestId('ocr-has-invoice-data')).toHaveTextContent('Yes');
    expect(within(card).getByTestId('ocr-field-total')).toHaveTextContent('EGP 342.00');
    expect(within(card).getByTestId('ocr-review')).toHaveAttribute('href', `/ocr/${ids.extraction}`);
    expect(within(card).getByTestId('ocr-create-invoice')).toBeInTheDocument();
    expect(within(file!).getByTestId('ocr-status-badge')).toHaveTextContent('Done');
    // One fetch of the finished run, no reload of the lists and no polling.
    expect(server.get(`/ocr/${ids.extraction}/`)).toHaveLength(1);
    expect(server.get('/ocr/')).toHaveLength(listCalls);
  });

  it('explains a failed run, says the credits came back, and retries with advanced OCR', async () => {
    const server = fakeOcrServer({
      files: [fileOf({ has_extraction: true, extraction_status: 'FAILED', extraction_id: ids.failed })],
      extractions: [
        extractionOf({
          id: ids.failed,
          status: 'FAILED',
          confidence_score: null,
          has_invoice_data: false,
          fields_json: null,
          error_code: 'ENCRYPTED_PDF',
          error_message: 'The PDF is encrypted',
          credits_refunded: 1,
        }),
      ],
    });
    await renderApp('/ocr');
    const card = await screen.findByTestId('ocr-result');
    expect(within(card).getByTestId('ocr-failure-message')).toHaveTextContent('The PDF is encrypted');
    expect(within(card).getByTestId('ocr-failure-reasons')).toHaveTextContent(
      'The PDF is protected by a password.',
    );
    expect(within(card).getByTestId('ocr-refund-note')).toHaveTextContent(
      '1 credit was returned to your balance',
    );
    await user.click(within(card).getByTestId('ocr-retry-advanced'));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ method: 'POST', path: `/attachments/${ids.scan}/enhanced-ocr/` }),
      ]),
    );
  });

  it.each([
    ['normalization unavailable in this build', 'OCR processing completed with basic extraction.'],
    ['', 'OCR processing failed for unknown reasons.'],
  ])('shows the spec text for the failure %j', async (message, shown) => {
    fakeOcrServer({
      extractions: [
        extractionOf({ status: 'FAILED', fields_json: null, error_code: null, error_message: message }),
      ],
    });
    await renderApp('/ocr');
    expect(await screen.findByTestId('ocr-failure-message')).toHaveTextContent(shown);
  });

  it('shows the credit limit refusal with the server message and its offer', async () => {
    const server = fakeOcrServer({}, (call) =>
      call.method === 'POST'
        ? jsonResponse(403, {
            detail: 'Credit limit reached',
            code: 'CREDIT_LIMIT_REACHED',
            upgrade_required: true,
            message: 'Credit limit reached',
            limit_type: 'ocr',
            current_usage: 10,
            limit: 10,
            upgrade_options: { buy_extra_credits: 'Buy 10 extra credits for 10 EGP.' },
          })
        : undefined,
    );
    const { router } = await renderApp('/ocr');
    const [file] = await screen.findAllByTestId('recent-file');
    await user.click(within(file!).getByTestId('recent-ocr-advanced'));
    expect(
      await screen.findByText('Credit limit reached Buy 10 extra credits for 10 EGP.'),
    ).toBeInTheDocument();
    // The limit also sends the user to the usage page, where the stored message is shown.
    await waitFor(() => expect(router.state.location.pathname).toBe('/usage'));
    expect(server.writes()).toHaveLength(1);
  });

  it('falls back to the spec texts for other OCR refusals', async () => {
    fakeOcrServer({}, (call) =>
      call.method === 'POST' ? new Response('oops', { status: 502, statusText: '' }) : undefined,
    );
    await renderApp('/ocr');
    const [file] = await screen.findAllByTestId('recent-file');
    await user.click(within(file!).getByTestId('recent-ocr-normal'));
    expect(await screen.findByText('Normal OCR failed')).toBeInTheDocument();
  });

  it('creates an invoice from a finished run and opens it', async () => {
    const server = fakeOcrServer({ extractions: [extractionOf()] });
    const { router } = await renderApp('/ocr');
    await user.click(await screen.findByTestId('ocr-create-invoice'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${ids.invoice}`));
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'POST', path: `/ocr/${ids.extraction}/apply/` }),
    ]);
  });

  it('works in Arabic, right to left', async () => {
    fakeOcrServer({
      extractions: [
        extractionOf({
          status: 'FAILED',
          fields_json: null,
          error_code: 'TIMEOUT',
          error_message: 'Timed out after 120 s',
          credits_refunded: 10,
        }),
      ],
    });
    await renderApp('/ocr', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('التعرف الضوئي');
    const card = await screen.findByTestId('ocr-result');
    expect(within(card).getByTestId('ocr-failure-message')).toHaveTextContent('استغرقت القراءة وقتًا طويلًا');
    expect(within(card).getByTestId('ocr-refund-note')).toHaveTextContent('10');
    const input = screen.getByTestId('upload-input');
    await user.upload(input, [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByTestId('upload-refused')).toHaveTextContent(
      'يرجى اختيار ملف صورة صالح (JPG أو PNG أو WEBP) أو PDF',
    );
  });
});
