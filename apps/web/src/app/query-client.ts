import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/** A refused request (4xx) will be refused again: retry only what the network may have lost. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Refetching on focus would flash the global spinner every time the tab is revisited.
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
