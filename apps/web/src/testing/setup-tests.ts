import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import Cookies from 'js-cookie';
import { afterEach, vi } from 'vitest';

// Pages load their code on first display (lazy routes); on a busy machine the
// first import of a page can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine uses to lay out menus, popovers and responsive styles.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Autosizing text areas (the contact message) listen to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  // Toasts live in a store outside React: without this they leak into the next test.
  notifications.clean();
  Cookies.remove('authToken', { path: '/' });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
