import { useCallback, useRef, useState } from 'react';

/**
 * The rows whose change is on its way, each until its own answer: one change ending does not free another
 * row's switch still waiting, and a row already waiting ignores a second click.
 */
export function usePendingIds() {
  // The ref guards against a second click before the page has drawn the first; the state draws it.
  const waiting = useRef(new Set<string>());
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const run = useCallback(async (id: string, change: () => Promise<void>): Promise<void> => {
    if (waiting.current.has(id)) return;
    waiting.current.add(id);
    setIds(new Set(waiting.current));
    try {
      await change();
    } finally {
      waiting.current.delete(id);
      setIds(new Set(waiting.current));
    }
  }, []);
  return { isPending: (id: string) => ids.has(id), run };
}
