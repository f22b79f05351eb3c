import { useState } from 'react';

/**
 * True from the first render where `value` is, on: a part whose code is loaded when first wanted (a dialog, a
 * drawer, a menu) stays mounted afterwards, so that it can close with its transition and opens at once later.
 */
export function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}
