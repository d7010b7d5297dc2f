/** Hash routing: `#/stacking`, `#/stress`, … (works on any static host, no server rewrites). */
import { useSyncExternalStore } from 'react';

function read(): string {
  return window.location.hash.replace(/^#\/?/, '').split(/[?/]/)[0] ?? '';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

export function useRoute(): string {
  return useSyncExternalStore(subscribe, read, () => '');
}

export function href(id: string): string {
  return `#/${id}`;
}
