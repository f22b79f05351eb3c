import { extractionListItem, ocrEvent, ocrEventsPath } from '@invoicing/contract';
import type { Attachment, Extraction, ExtractionListItem, OcrEvent } from '@invoicing/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openApiStream } from '../../../lib/api-client';
import { openEventStream } from '../../../lib/event-stream';
import { useSession } from '../../../lib/session';
import { attachmentQueryKey } from './get-attachment';
import { extractionQueryKey, extractionQueryOptions } from './get-extraction';
import { queryKeys } from '../../../lib/queries/query-keys';
import { attachmentListsQueryKey } from './list-attachments';
import type { listAttachments } from './list-attachments';
import { extractionListsQueryKey, ocrQueryKey } from './list-extractions';
import type { listExtractions } from './list-extractions';

type ExtractionPage = Awaited<ReturnType<typeof listExtractions>>;
type AttachmentPage = Awaited<ReturnType<typeof listAttachments>>;

const isTerminal = (status: OcrEvent['status']) => status !== 'PROCESSING';

function patchExtractionLists(
  queryClient: QueryClient,
  id: string,
  patch: (item: ExtractionListItem) => ExtractionListItem,
): boolean {
  let found = false;
  queryClient.setQueriesData<ExtractionPage>({ queryKey: extractionListsQueryKey }, (page) => {
    if (!page?.results.some((item) => item.id === id)) return page;
    found = true;
    return { ...page, results: page.results.map((item) => (item.id === id ? patch(item) : item)) };
  });
  return found;
}

/** The fields of a file that describe its latest run, as a run's own record has them. */
const runOfFile = (run: ExtractionListItem) => ({
  extraction_status: run.status,
  extraction_has_invoice_data: run.has_invoice_data,
  extraction_error_code: run.error_code,
  extraction_error_message: run.error_message,
  invoice_id: run.invoice_id,
  invoice_number: run.invoice_number,
});

/**
 * Writes a run's change into the file it reads. Once the run is fetched, its outcome too: the file manager
 * offers Create Invoice or shows the failure from these fields, not only from the status.
 */
function patchAttachment(queryClient: QueryClient, event: OcrEvent, run?: ExtractionListItem) {
  const mark = (file: Attachment): Attachment => {
    if (file.id !== event.attachment_id) return file;
    const next: Attachment = {
      ...file,
      has_extraction: true,
      extraction_status: event.status,
      extraction_id: event.extraction_id,
    };
    // Another run of the file: what the earlier one found or made is no longer its latest.
    if (file.extraction_id !== event.extraction_id) {
      Object.assign(next, {
        extraction_has_invoice_data: false,
        extraction_error_code: null,
        extraction_error_message: null,
        invoice_id: null,
        invoice_number: null,
      });
    }
    if (event.status === 'FAILED') next.extraction_error_message = event.error_message;
    return run ? { ...next, ...runOfFile(run) } : next;
  };
  queryClient.setQueriesData<AttachmentPage>({ queryKey: attachmentListsQueryKey }, (page) =>
    page?.results.some((file) => file.id === event.attachment_id)
      ? { ...page, results: page.results.map(mark) }
      : page,
  );
  queryClient.setQueryData<Attachment>(attachmentQueryKey(event.attachment_id), (file) =>
    file ? mark(file) : file,
  );
}

const fromEvent =
  (event: OcrEvent) =>
  <T extends ExtractionListItem>(item: T): T => ({
    ...item,
    status: event.status,
    progress: event.progress,
    error_message: event.error_message,
    credits_refunded: event.credits_refunded,
  });

/**
 * Writes one pushed change into the caches the pages read. Progress is written as it comes; a finished run
 * is fetched once (the event does not carry the fields) and written into every list that shows it. An
 * extraction no list knows yet (started in another tab) makes the lists load again, once.
 */
export function applyOcrEvent(queryClient: QueryClient, event: OcrEvent, unknownIds: Set<string>): void {
  const id = event.extraction_id;
  patchAttachment(queryClient, event);

  if (!isTerminal(event.status)) {
    const patch = fromEvent(event);
    const inLists = patchExtractionLists(queryClient, id, patch);
    const detail = queryClient.getQueryData<Extraction>(extractionQueryKey(id));
    if (detail) queryClient.setQueryData<Extraction>(extractionQueryKey(id), patch(detail));
    if (!inLists && !detail && !unknownIds.has(id)) {
      unknownIds.add(id);
      void queryClient.invalidateQueries({ queryKey: extractionListsQueryKey });
    }
    return;
  }

  if (event.credits_refunded > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.usageSummary });
  const cached = queryClient.getQueryData<Extraction>(extractionQueryKey(id));
  // A finish delivered again (after a reconnection) has nothing new to fetch.
  if (cached?.status === event.status) return;
  queryClient
    .fetchQuery({ ...extractionQueryOptions(id), staleTime: 0 })
    .then((detail) => {
      const item = extractionListItem.parse(detail);
      patchAttachment(queryClient, event, item);
      const inLists = patchExtractionLists(queryClient, id, (current) => ({ ...current, ...item }));
      if (!inLists) void queryClient.invalidateQueries({ queryKey: extractionListsQueryKey });
    })
    .catch(() => {
      patchExtractionLists(queryClient, id, fromEvent(event));
      void queryClient.invalidateQueries({ queryKey: extractionListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: attachmentListsQueryKey });
    });
}

/** Whether a cached answer shows a run still going: it may have finished while the stream was closed. */
function holdsProcessing(query: Query): boolean {
  const data = query.state.data as { status?: unknown; results?: { status?: unknown }[] } | undefined;
  if (!data) return false;
  if (data.status === 'PROCESSING') return true;
  return Array.isArray(data.results) && data.results.some((item) => item.status === 'PROCESSING');
}

/**
 * Keeps the OCR caches up to date from the server's pushed events while a page that shows runs is open: no
 * polling. After a reconnection, what may have been missed is fetched again.
 */
export function useOcrEvents(): void {
  const queryClient = useQueryClient();
  const { organizationId } = useSession();
  useEffect(() => {
    if (!organizationId) return;
    const unknownIds = new Set<string>();
    const stream = openEventStream({
      connect: (signal) => openApiStream(ocrEventsPath, { signal }),
      onEvent: (message) => {
        if (message.event !== 'extraction') return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = ocrEvent.safeParse(data);
        if (parsed.success) applyOcrEvent(queryClient, parsed.data, unknownIds);
      },
      onOpen: ({ reconnected }) => {
        if (reconnected) {
          void queryClient.invalidateQueries({ queryKey: ocrQueryKey });
          void queryClient.invalidateQueries({ queryKey: attachmentListsQueryKey });
          void queryClient.invalidateQueries({ queryKey: queryKeys.usageSummary });
        } else {
          void queryClient.invalidateQueries({ queryKey: ocrQueryKey, predicate: holdsProcessing });
        }
      },
    });
    return () => stream.close();
  }, [queryClient, organizationId]);
}
