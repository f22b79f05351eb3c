import { ocrEventsPath } from '@invoicing/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openApiStream } from '../../../lib/api-client';
import { openEventStream } from '../../../lib/event-stream';
import { useSession } from '../../../lib/session';
import { dashboardSummaryQueryKey } from './get-dashboard-summary';

/** Changes that come close together (a run's stages) are one reading of the summary. */
const SETTLE_MS = 400;

/**
 * Keeps the dashboard's figures following the organization's OCR runs while it is open: a run that starts
 * or ends (pushed by the server) makes the summary load again; the stages in between change no figure.
 */
export function useDashboardEvents(): void {
  const queryClient = useQueryClient();
  const { organizationId } = useSession();
  useEffect(() => {
    if (!organizationId) return;
    const seen = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: dashboardSummaryQueryKey });
      }, SETTLE_MS);
    };
    const stream = openEventStream({
      connect: (signal) => openApiStream(ocrEventsPath, { signal }),
      onEvent: (message) => {
        if (message.event !== 'extraction') return;
        let event: { extraction_id?: unknown; status?: unknown };
        try {
          event = JSON.parse(message.data) as typeof event;
        } catch {
          return;
        }
        if (typeof event.extraction_id !== 'string') return;
        const key = `${event.extraction_id}:${event.status === 'PROCESSING' ? 'running' : String(event.status)}`;
        if (seen.has(key)) return;
        seen.add(key);
        refresh();
      },
      onOpen: ({ reconnected }) => {
        if (reconnected) refresh();
      },
    });
    return () => {
      if (timer) clearTimeout(timer);
      stream.close();
    };
  }, [queryClient, organizationId]);
}
