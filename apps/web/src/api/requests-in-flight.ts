import { useSyncExternalStore } from 'react';

/** Count of API requests in flight; the global spinner shows while it is above zero. */
let count = 0;
const listeners = new Set<() => void>();

function publish(next: number) {
  count = Math.max(0, next);
  for (const listener of listeners) listener();
}

export function startRequest(): void {
  publish(count + 1);
}

export function endRequest(): void {
  publish(count - 1);
}

export function getRequestsInFlight(): number {
  return count;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useRequestsInFlight(): number {
  return useSyncExternalStore(subscribe, getRequestsInFlight, () => 0);
}
