import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganizationId, setTokens } from '../../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderApp } from '../../../../test/render';
import { extractionOf, fakeOcrServer, fileOf, ids } from '../../test/fake-ocr-server';

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const failedFile = fileOf({
  id: ids.receipt,
  original_name: 'receipt.pdf',
  mime: 'application/pdf',
  size: 2 * 1024 * 1024,
  size_mb: 2,
  preview_url: null,
  has_extraction: true,
  extraction_status: 'FAILED',
  extraction_id: ids.failed,
  extraction_error_code: 'ENCRYPTED_PDF',
  extraction_error_message: 'The PDF is encrypted',
});

describe('file manager', { timeout: 20_000 }, () => {
  it('shows the files, the space they take against 100 MB and the plans note', async () => {
    fakeOcrServer({
      files: [fileOf(), failedFile],
      extractions: [
        extractionOf({
          id: ids.failed,
          attachment: ids.receipt,
          status: 'FAILED',
          fields_json: null,
          error_message: 'The PDF is encrypted',
        }),
      ],
    });
    await renderApp('/file-manager');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('File Manager');
    await waitFor(() => expect(screen.getByTestId('file-total-count')).toHaveTextContent('2'));
    expect(screen.getByTestId('file-total-mb')).toHaveTextContent('2.5 MB');
    expect(screen.getByTestId('file-storage-bar').querySelector('[role="progressbar"]')).toHaveAttribute(
      'aria-valuenow',
      '2.5',
    );
    expect(screen.getByTestId('file-plans-note')).toHaveTextContent(
      'Free plan: 30 MB • Pro plan: 1 GB • Enterprise plan: 10 GB',
    );
    const [scan, receipt] = await screen.findAllByTestId('file-card');
    expect(scan).toHaveTextContent('nile-invoice.png');
    expect(scan).toHaveTextContent('0.5 MB');
    expect(within(scan!).getByTestId('ocr-status-badge')).toHaveTextContent('No OCR yet');
    expect(within(scan!).getByTestId('file-start-ocr')).toHaveTextContent('Start OCR');
    expect(within(scan!).getByTestId('file-view')).toHaveAttribute('href', `/files/${ids.scan}?sig=abc`);
    expect(within(receipt!).getByTestId('file-thumb-icon')).toHaveTextContent('PDF');
    expect(within(receipt!).getByTestId('ocr-status-badge')).toHaveTextContent('Failed');
    expect(await within(receipt!).findByTestId('file-error')).toHaveTextContent('The PDF is encrypted');
    expect(within(receipt!).queryByTestId('file-start-ocr')).not.toBeInTheDocument();
  });

  it("says 'Processing failed' when a failed run left no message", async () => {
    fakeOcrServer({
      files: [{ ...failedFile, extraction_error_code: null, extraction_error_message: null }],
      extractions: [
        extractionOf({ id: ids.failed, attachment: ids.receipt, status: 'FAILED', error_message: null }),
      ],
    });
    await renderApp('/file-manager');
    expect(await screen.findByTestId('file-error')).toHaveTextContent('Processing failed');
  });

  it('shows the empty state with a link to upload', async () => {
    fakeOcrServer({ files: [] });
    await renderApp('/file-manager');
    const empty = await screen.findByTestId('files-empty');
    expect(empty).toHaveTextContent('No files uploaded');
    expect(within(empty).getByTestId('files-empty-upload')).toHaveTextContent('Upload Files');
    expect(within(empty).getByTestId('files-empty-upload')).toHaveAttribute('href', '/ocr');
  });

  it('deletes a file after confirmation and updates the space used at once', async () => {
    const server = fakeOcrServer({ files: [fileOf()] });
    await renderApp('/file-manager');
    const [card] = await screen.findAllByTestId('file-card');
    await waitFor(() => expect(screen.getByTestId('file-total-count')).toHaveTextContent('1'));
    const usageCalls = server.get('/usage/summary/').length;
    const storageCalls = server.get('/attachments/storage-usage/').length;

    await user.click(within(card!).getByTestId('file-delete'));
    // The file name is isolated from the sentence's direction.
    expect(screen.getByTestId('file-delete-dialog').textContent?.replace(/[\u2068\u2069]/g, '')).toContain(
      'Delete nile-invoice.png? This cannot be undone.',
    );
    expect(server.writes()).toHaveLength(0);
    await user.click(screen.getByTestId('file-delete-confirm'));

    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/attachments/${ids.scan}/` }),
    ]);
    expect(await screen.findByTestId('files-empty')).toHaveTextContent('No files uploaded');
    await waitFor(() => expect(screen.getByTestId('file-total-count')).toHaveTextContent('0'));
    expect(server.get('/attachments/storage-usage/').length).toBeGreaterThan(storageCalls);
    // The plan's remaining storage is stale too: it is marked so, for the next page that shows it.
    expect(server.get('/usage/summary/').length).toBe(usageCalls);
  });

  it("says 'Failed to delete file' when the server refuses", async () => {
    fakeOcrServer({}, (call) =>
      call.method === 'DELETE' ? new Response('bad gateway', { status: 502 }) : undefined,
    );
    await renderApp('/file-manager');
    const [card] = await screen.findAllByTestId('file-card');
    await user.click(within(card!).getByTestId('file-delete'));
    await user.click(screen.getByTestId('file-delete-confirm'));
    expect(await screen.findByTestId('file-delete-error')).toHaveTextContent('Failed to delete file');
    expect(screen.getAllByTestId('file-card')).toHaveLength(1);
  });

  it('starts OCR and shows the results dialog live, then makes the invoice from it', async () => {
    const server = fakeOcrServer();
    const { router } = await renderApp('/file-manager');
    const [card] = await screen.findAllByTestId('file-card');
    await waitFor(() => expect(server.streamOpen()).toBe(true));
    await user.click(within(card!).getByTestId('file-start-ocr'));
    const dialog = await screen.findByTestId('results-dialog-body');
    expect(dialog).toHaveAttribute('data-status', 'PROCESSING');
    expect(within(dialog).getByTestId('ocr-progress')).toBeInTheDocument();

    const event = {
      extraction_id: ids.extraction,
      attachment_id: ids.scan,
      error_message: null,
      credits_refunded: 0,
    };
    await server.push({
      ...event,
      status: 'PROCESSING',
      progress: { stage: 'extract', page: 1, pages: 1, percent: 90 },
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('ocr-progress-stage')).toHaveTextContent(
        'Finding the invoice fields',
      ),
    );
    server.update(ids.extraction, extractionOf());
    await server.push({ ...event, status: 'DONE', progress: null });
    await waitFor(() =>
      expect(screen.getByTestId('results-dialog-body')).toHaveAttribute('data-status', 'DONE'),
    );
    const done = screen.getByTestId('results-dialog-body');
    expect(within(done).getByTestId('results-dialog-confidence')).toHaveTextContent('92.5%');
    expect(within(done).getByTestId('results-dialog-invoice-data')).toHaveTextContent('Yes');
    expect(within(done).getByTestId('ocr-field-invoice_number')).toHaveTextContent('INV-2041');
    expect(within(done).getByTestId('results-dialog-raw-text')).toHaveTextContent('DELTA SUPPLIES');
    // The card behind shows the new status and what the run found, without reloading the list.
    expect(within(card!).getByTestId('ocr-status-badge')).toHaveTextContent('Done');
    await waitFor(() => expect(within(card!).getByTestId('file-create-invoice')).toBeInTheDocument());

    await user.click(within(done).getByTestId('results-dialog-create-invoice'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${ids.invoice}`));
  });

  it('shows why a run failed on its card as soon as it fails', async () => {
    const server = fakeOcrServer();
    await renderApp('/file-manager');
    const [card] = await screen.findAllByTestId('file-card');
    await waitFor(() => expect(server.streamOpen()).toBe(true));
    await user.click(within(card!).getByTestId('file-start-ocr'));
    await screen.findByTestId('results-dialog-body');
    const message = 'The image could not be decoded: it is damaged or incomplete.';
    server.update(ids.extraction, {
      status: 'FAILED',
      error_code: 'CORRUPT_FILE',
      error_message: message,
      credits_refunded: 1,
    });
    await server.push({
      extraction_id: ids.extraction,
      attachment_id: ids.scan,
      status: 'FAILED',
      progress: null,
      error_message: message,
      credits_refunded: 1,
    });
    expect(await within(card!).findByTestId('file-error')).toHaveTextContent(message);
    expect(within(card!).queryByTestId('file-create-invoice')).not.toBeInTheDocument();
  });

  it("says 'Failed to create invoice' when the server refuses", async () => {
    fakeOcrServer(
      {
        files: [
          fileOf({
            has_extraction: true,
            extraction_status: 'DONE',
            extraction_id: ids.extraction,
            extraction_has_invoice_data: true,
          }),
        ],
        extractions: [extractionOf()],
      },
      (call) => (call.path.endsWith('/apply/') ? new Response('', { status: 500 }) : undefined),
    );
    const { router } = await renderApp('/file-manager');
    await user.click(await screen.findByTestId('file-create-invoice'));
    expect(await screen.findByText('Failed to create invoice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/file-manager');
  });

  it('is translated and right to left in Arabic', async () => {
    fakeOcrServer({ files: [] }, (call) =>
      call.path === '/attachments/storage-usage/'
        ? jsonResponse(200, {
            total_files: 0,
            total_size_mb: 0,
            used_bytes: 0,
            limit_mb: 30,
            remaining_mb: 30,
          })
        : undefined,
    );
    await renderApp('/file-manager', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('مدير الملفات');
    expect(await screen.findByTestId('files-empty')).toHaveTextContent('لم تُرفع أي ملفات');
    expect(screen.getByTestId('files-empty-upload')).toHaveTextContent('رفع الملفات');
    expect(screen.getByTestId('file-plans-note')).toHaveTextContent('الخطة المجانية: 30 ميجابايت');
  });
});
