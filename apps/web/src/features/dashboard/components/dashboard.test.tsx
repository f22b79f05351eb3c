import type { DashboardSummary } from '@invoicing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderApp } from '../../../test/render';

const summary: DashboardSummary = {
  ocr: {
    total_extractions: 42,
    success_rate: 87.5,
    successful: 35,
    failed: 5,
    processing: 2,
    recent_activity: 9,
    recent_successful: 7,
    recent_failed: 1,
  },
  credits: { used: 60, remaining: 40, max: 100 },
  storage: {
    used_mb: 12.5,
    remaining_mb: 1011.5,
    max_mb: 1024,
    total_files: 18,
    total_mb: 12.5,
    average_file_mb: 0.69,
  },
  monthly_ocr: [
    { month: '2025-10', total: 3, successful: 2 },
    { month: '2025-11', total: 0, successful: 0 },
    { month: '2025-12', total: 8, successful: 7 },
    { month: '2026-01', total: 10, successful: 9 },
    { month: '2026-02', total: 9, successful: 8 },
    { month: '2026-03', total: 12, successful: 9 },
  ],
  recent_activity: {
    ocr_extractions: [
      {
        id: 'e1',
        attachment__original_name: 'nile-0042.pdf',
        created_at: '2026-03-05T12:00:00Z',
        status: 'DONE',
      },
      {
        id: 'e2',
        attachment__original_name: 'فاتورة-الخليج.png',
        created_at: '2026-03-04T12:00:00Z',
        status: 'FAILED',
      },
      {
        id: 'e3',
        attachment__original_name: 'delta-17.jpg',
        created_at: '2026-03-03T12:00:00Z',
        status: 'PROCESSING',
      },
    ],
    files: [
      { id: 'f1', original_name: 'nile-0042.pdf', created_at: '2026-03-05T12:00:00Z', size_mb: 1.25 },
      { id: 'f2', original_name: 'receipt.webp', created_at: '2026-03-01T12:00:00Z', size_mb: 0.4 },
    ],
  },
};

const newOrganization: DashboardSummary = {
  ocr: {
    total_extractions: 0,
    success_rate: 0,
    successful: 0,
    failed: 0,
    processing: 0,
    recent_activity: 0,
    recent_successful: 0,
    recent_failed: 0,
  },
  credits: { used: 0, remaining: 10, max: 10 },
  storage: { used_mb: 0, remaining_mb: 30, max_mb: 30, total_files: 0, total_mb: 0, average_file_mb: 0 },
  monthly_ocr: summary.monthly_ocr.map((entry) => ({ ...entry, total: 0, successful: 0 })),
  recent_activity: { ocr_extractions: [], files: [] },
};

/** Answers the dashboard summary with `answer()` each time it is asked; the organization as the app expects. */
function fakeServer(answer: () => Response) {
  const summaryCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (path === '/dashboard/summary') {
        summaryCalls.push(path);
        return answer();
      }
      if (path === '/orgs/current/') {
        return jsonResponse(200, {
          id: 'org-1',
          name: 'Nile Trading Co.',
          currency: 'EGP',
          country: null,
          tax_id: '',
          address: '',
          role: 'OWNER',
          subscription: { plan_name: 'Pro', status: 'ACTIVE', trial_ends_at: null },
        });
      }
      return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return { summaryCalls };
}

/**
 * jsdom lays nothing out, so recharts would see a 0×0 box and draw nothing; the chart's container is given
 * the size a browser would give it.
 */
function giveChartsASize() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.classList.contains('recharts-responsive-container')) {
      return {
        x: 0,
        y: 0,
        top: 0,
        left: 0,
        right: 600,
        bottom: 260,
        width: 600,
        height: 260,
        toJSON: () => ({}),
      };
    }
    return original.call(this);
  });
}

/** Where the labels of one axis are drawn: text and x position, in the order of the data. */
function axisLabels(chart: HTMLElement, axis: 'xAxis' | 'yAxis'): { label: string; x: number }[] {
  return Array.from(
    chart.querySelectorAll(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`),
  ).map((tick) => ({ label: tick.textContent ?? '', x: Number(tick.getAttribute('x')) }));
}

/** The x position of each drawn bar of one series, in the order of the data (months without any are not drawn). */
function barXs(chart: HTMLElement, series: 'total' | 'successful'): number[] {
  return Array.from(chart.querySelectorAll(`path.recharts-rectangle[name="${series}"]`)).map((bar) =>
    Number(bar.getAttribute('x')),
  );
}

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  giveChartsASize();
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('dashboard', { timeout: 15_000 }, () => {
  it('shows the summary figures in the cards and the organization it belongs to', async () => {
    fakeServer(() => jsonResponse(200, summary));
    await renderApp('/dashboard');
    expect(await screen.findByTestId('card-ocr')).toHaveTextContent('OCR extractions42Success rate: 87.5%');
    expect(screen.getByTestId('card-credits')).toHaveTextContent('Credits used60Remaining: 40');
    expect(screen.getByTestId('card-storage')).toHaveTextContent('Storage used12.5 MBRemaining: 1,011.5 MB');
    expect(screen.getByTestId('card-files')).toHaveTextContent('Files uploaded18Total: 12.5 MB');

    expect(screen.getByTestId('ocr-successful')).toHaveTextContent('35');
    expect(screen.getByTestId('ocr-failed')).toHaveTextContent('5');
    expect(screen.getByTestId('ocr-last-week')).toHaveTextContent('Last 7 days9');
    expect(screen.getByTestId('ocr-last-week-detail')).toHaveTextContent('7 successful · 1 failed');
    expect(screen.getByTestId('success-rate')).toHaveTextContent('87.5%');
    expect(screen.getByTestId('success-rate-bar').querySelector('[role="progressbar"]')).toHaveAttribute(
      'aria-valuenow',
      '87.5',
    );
    expect(screen.getByTestId('storage-average')).toHaveTextContent('Average file size0.69 MB');

    const extractions = within(screen.getByTestId('recent-extractions')).getAllByTestId('recent-extraction');
    expect(extractions.map((row) => within(row).getByTestId('recent-name').textContent)).toEqual([
      'nile-0042.pdf',
      'فاتورة-الخليج.png',
      'delta-17.jpg',
    ]);
    expect(within(extractions[0]!).getByTestId('recent-date')).toHaveTextContent('Mar 5, 2026');
    expect(
      extractions.map((row) => {
        const badge = within(row).getByTestId('extraction-status');
        return [badge.textContent, badge.style.getPropertyValue('--badge-color')];
      }),
    ).toEqual([
      ['Done', 'var(--mantine-color-green-light-color)'],
      ['Failed', 'var(--mantine-color-red-light-color)'],
      ['Processing', 'var(--mantine-color-blue-light-color)'],
    ]);
    const files = within(screen.getByTestId('recent-files')).getAllByTestId('recent-file');
    expect(files[1]).toHaveTextContent('receipt.webp');
    expect(files[1]).toHaveTextContent('0.4 MB');

    expect(screen.getByTestId('dashboard-open-ocr')).toHaveAttribute('href', '/ocr');
    expect(screen.getByTestId('dashboard-open-file-manager')).toHaveAttribute('href', '/file-manager');
    expect(await screen.findByTestId('dashboard-welcome')).toHaveTextContent('Nile Trading Co.');
    expect(screen.getByTestId('dashboard-plan')).toHaveTextContent('Pro');
  });

  it('shows the figures of now when the user comes back from the other pages', async () => {
    let current = newOrganization;
    const { summaryCalls } = fakeServer(() => jsonResponse(200, current));
    const { router } = await renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-empty')).toBeInTheDocument();
    await router.navigate('/customers');
    expect(await screen.findByTestId('page-customers')).toBeInTheDocument();
    // Meanwhile a file was uploaded and read.
    current = summary;
    await router.navigate('/dashboard');
    await waitFor(() => expect(screen.getByTestId('card-ocr-value')).toHaveTextContent('42'));
    expect(summaryCalls).toHaveLength(2);
  });

  it('draws one bar group per month, oldest on the left, values on the left', async () => {
    fakeServer(() => jsonResponse(200, summary));
    await renderApp('/dashboard');
    const chart = await screen.findByTestId('monthly-ocr-chart');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar')).toHaveLength(2));
    for (const series of chart.querySelectorAll('.recharts-bar')) {
      expect(series.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6);
      // November had no extraction: its bars have no height.
      expect(series.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(5);
    }
    const months = axisLabels(chart, 'xAxis');
    expect(months.map((tick) => tick.label)).toEqual([
      'Oct 2025',
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
    ]);
    expect(months.map((tick) => tick.x)).toEqual([...months.map((tick) => tick.x)].sort((a, b) => a - b));
    expect(barXs(chart, 'total').at(-1)).toBeLessThan(barXs(chart, 'successful').at(-1)!);
    const values = axisLabels(chart, 'yAxis');
    expect(values.map((tick) => tick.label)).toContain('12');
    expect(Math.max(...values.map((tick) => tick.x))).toBeLessThan(months[0]!.x);
    expect(chart).toHaveAttribute('data-mirrored', 'false');

    const rows = within(screen.getByTestId('monthly-ocr-table')).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[6]).toHaveTextContent('Mar 2026129');
  });

  it('is right to left in Arabic, with the chart mirrored', async () => {
    fakeServer(() => jsonResponse(200, summary));
    await renderApp('/dashboard', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('card-ocr')).toHaveTextContent('عمليات التعرف الضوئي');
    expect(screen.getByTestId('card-ocr')).toHaveTextContent('نسبة النجاح');
    expect(screen.getByTestId('card-storage')).toHaveTextContent('12.5 ميجابايت');
    expect(screen.getByText('نشاط التعرف الضوئي الشهري')).toBeInTheDocument();
    expect(screen.getByTestId('recent-extractions')).toHaveTextContent('أحدث عمليات التعرف الضوئي');
    expect(
      within(screen.getByTestId('recent-extractions')).getAllByTestId('extraction-status')[0],
    ).toHaveTextContent('مكتملة');

    const chart = screen.getByTestId('monthly-ocr-chart');
    expect(chart).toHaveAttribute('data-mirrored', 'true');
    await waitFor(() => expect(axisLabels(chart, 'xAxis')).toHaveLength(6));
    const months = axisLabels(chart, 'xAxis');
    expect(months[0]!.label).toBe('أكتوبر 2025');
    expect(months[5]!.label).toBe('مارس 2026');
    // The months run right to left: the oldest on the right, the newest on the left.
    expect(months.map((tick) => tick.x)).toEqual([...months.map((tick) => tick.x)].sort((a, b) => b - a));
    const total = barXs(chart, 'total');
    const successful = barXs(chart, 'successful');
    expect(total[0]).toBeGreaterThan(total.at(-1)!);
    // Inside a month too: all extractions first, on the right, then the successful ones.
    expect(total.at(-1)).toBeGreaterThan(successful.at(-1)!);
    // The value axis stands on the right of the bars.
    const values = axisLabels(chart, 'yAxis');
    expect(values.length).toBeGreaterThan(0);
    expect(Math.min(...values.map((tick) => tick.x))).toBeGreaterThan(months[0]!.x);
  });

  it.each([
    ['en', 'Failed to load dashboard data'],
    ['ar', 'تعذّر تحميل بيانات لوحة التحكم'],
  ] as const)('says the data failed to load and tries again on request (%s)', async (language, message) => {
    let failing = true;
    const server = fakeServer(() =>
      failing
        ? jsonResponse(403, { detail: 'You are not a member of this organization', code: 'NOT_A_MEMBER' })
        : jsonResponse(200, summary),
    );
    await renderApp('/dashboard', language);
    const alert = await screen.findByTestId('dashboard-error');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByTestId('dashboard-cards')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByTestId('dashboard-retry'));
    expect(await screen.findByTestId('dashboard-cards')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-error')).not.toBeInTheDocument();
    expect(server.summaryCalls).toHaveLength(2);
  });

  it('says the data failed to load when the server breaks, after its retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer(() => jsonResponse(500, { detail: 'Internal server error', code: 'INTERNAL' }));
    await renderApp('/dashboard');
    await waitFor(() => expect(server.summaryCalls).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByTestId('dashboard-error')).toHaveTextContent('Failed to load dashboard data');
    expect(server.summaryCalls).toHaveLength(3);
  });

  it.each([
    ['en', 'Dashboard data is incomplete'],
    ['ar', 'بيانات لوحة التحكم غير مكتملة'],
  ] as const)('says the data is incomplete when parts are missing (%s)', async (language, message) => {
    const { storage: _storage, monthly_ocr: _months, ...partial } = summary;
    const server = fakeServer(() => jsonResponse(200, partial));
    await renderApp('/dashboard', language);
    const alert = await screen.findByTestId('dashboard-incomplete');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByTestId('dashboard-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-cards')).not.toBeInTheDocument();
    // A malformed answer is not asked again by itself; the user may.
    expect(server.summaryCalls).toHaveLength(1);
  });

  it('shows skeletons while the summary loads', async () => {
    let release: (response: Response) => void = () => {};
    fakeServer(() => jsonResponse(200, summary));
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/dashboard/summary') ? pending : answer(input, init),
    );
    await renderApp('/dashboard');
    expect(screen.getByTestId('dashboard-loading')).toBeInTheDocument();
    release(jsonResponse(200, summary));
    expect(await screen.findByTestId('dashboard-cards')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-loading')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'No OCR extractions yet', 'Upload an invoice'],
    ['ar', 'لا توجد عمليات تعرف ضوئي بعد', 'رفع فاتورة'],
  ] as const)('invites a new organization to its first upload (%s)', async (language, title, action) => {
    fakeServer(() => jsonResponse(200, newOrganization));
    await renderApp('/dashboard', language);
    const empty = await screen.findByTestId('dashboard-empty');
    expect(empty).toHaveTextContent(title);
    const upload = within(empty).getByTestId('dashboard-empty-upload');
    expect(upload).toHaveTextContent(action);
    expect(upload).toHaveAttribute('href', '/ocr');
    expect(screen.queryByTestId('monthly-ocr')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-credits-detail')).toHaveTextContent(
      language === 'en' ? 'Remaining: 10' : '10',
    );
  });
});
