import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n, i18nReady, namespaces } from '../lib/i18n';

// A waited-for screen comes after work, never after a time: on a machine busy with other work that work
// can take several times longer than on an idle one, and the test's own timeout is the limit that counts.
configure({ asyncUtilTimeout: 5_000 });

// Test files share a worker's modules (`isolate: false`): each test leaves nothing behind for the next.
afterEach(() => {
  cleanup();
  // Toasts live in a store outside React: one test's toasts would otherwise fill the next one's screen.
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// Mantine reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosized Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
// jsdom has window.scrollTo only as a stub that reports itself as not implemented.
window.scrollTo = () => {};

// The app downloads each page's texts with the page; tests render pages and parts of pages directly, so every
// catalogue is there from the start, in both languages.
await i18nReady;
await i18n.loadNamespaces(namespaces);
await i18n.loadLanguages(['en', 'ar']);
