import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways inside its box when the screen is narrower than `minWidth`, with the
 * browser's own scroll bar (Mantine's Table.ScrollContainer brings its scroll area's code to every list).
 */
export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
