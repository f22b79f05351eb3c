import { chromium, type Browser } from 'playwright-core';
import type { HeavyWork } from '../work/heavy-work';

/** Turns a self-contained HTML document into a PDF with a real browser engine. */
export interface PdfRenderer {
  /**
   * Renders `html` (which must need nothing from the network: every request it makes is refused) as an A4
   * PDF, in `organizationId`'s turn of the heavy work. Throws PdfRenderError when it fails or takes too long.
   */
  render(organizationId: string, html: string): Promise<Buffer>;
  /** Ends the browser, if one runs; a later render starts another. */
  close(): Promise<void>;
}

export class PdfRenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
  }
}

export interface PdfRendererOptions {
  /** The Chromium binary (Debian's, never a downloaded one). */
  executablePath: string;
  /** How long one render may take, from its turn (waiting for a slot does not count). */
  timeoutMs: number;
  /** Renders run as heavy work: a few at a time, fairly between organizations. */
  heavyWork: HeavyWork;
  /** A browser left without work this long is ended, and its memory given back. */
  idleMs?: number;
  /** Told why a render failed (the caller answers with a short message of its own). */
  onError?: (error: unknown) => void;
}

/** Chromium's switches on these machines: no sandbox (containers), and nothing that calls home. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The address the document is served at, inside the browser only: no request ever leaves it. */
const documentUrl = 'http://document.invalid/';

/**
 * One Chromium process, started at the first render and reused by the next ones, each in a context of its
 * own (no scripts, every request but the document's refused). A browser that crashed is started again at
 * the next render; one idle for `idleMs` is ended.
 */
export const createPdfRenderer = (options: PdfRendererOptions): PdfRenderer => {
  const idleMs = options.idleMs ?? 5 * 60_000;
  let browser: Promise<Browser> | null = null;
  let running = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  const launch = () => {
    const started = chromium
      .launch({ executablePath: options.executablePath, args: chromiumArgs, headless: true })
      .then((b) => {
        b.on('disconnected', () => {
          if (browser === started) browser = null;
        });
        return b;
      });
    // A failed start is not kept: the next render tries again.
    started.catch(() => {
      if (browser === started) browser = null;
    });
    return started;
  };

  const endBrowser = async () => {
    const current = browser;
    browser = null;
    if (current) await (await current.catch(() => null))?.close().catch(() => undefined);
  };

  const scheduleIdleEnd = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (running === 0) void endBrowser();
    }, idleMs);
    idleTimer.unref();
  };

  const renderOnce = async (html: string, signal: AbortSignal): Promise<Buffer> => {
    browser ??= launch();
    const context = await (await browser).newContext({ javaScriptEnabled: false });
    const closeContext = () => void context.close().catch(() => undefined);
    signal.addEventListener('abort', closeContext, { once: true });
    try {
      await context.route('**/*', (route) =>
        route.request().url() === documentUrl
          ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
          : route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      await page.goto(documentUrl, { waitUntil: 'load', timeout: options.timeoutMs });
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      signal.removeEventListener('abort', closeContext);
      closeContext();
    }
  };

  return {
    render: (organizationId, html) =>
      options.heavyWork.run(organizationId, async () => {
        running += 1;
        const controller = new AbortController();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(new PdfRenderError(`the PDF took more than ${options.timeoutMs} ms`));
          }, options.timeoutMs);
        });
        const work = renderOnce(html, controller.signal);
        // Past the timeout its context is closed and it fails: nobody waits for that failure any more.
        work.catch(() => undefined);
        try {
          return await Promise.race([work, timedOut]);
        } catch (error) {
          options.onError?.(error);
          throw error instanceof PdfRenderError
            ? error
            : new PdfRenderError('the PDF could not be rendered', { cause: error });
        } finally {
          clearTimeout(timer);
          running -= 1;
          scheduleIdleEnd();
        }
      }),
    close: async () => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      await endBrowser();
    },
  };
};
