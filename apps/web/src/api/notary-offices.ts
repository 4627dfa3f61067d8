import type { NotaryOffice } from '@notadoo/domain';
import { apiClient } from './api-client';

/** One cache entry for the network's offices, whichever screen reads them first. */
export const notaryOfficesQueryKey = ['notary-offices'] as const;

/** Every office, those that left the network too (flag `active`). */
export function getNotaryOffices(): Promise<NotaryOffice[]> {
  return apiClient.get<NotaryOffice[]>('notaryoffices');
}

/** They change rarely: one load per visit is enough. */
export const NOTARY_OFFICES_STALE_MS = 30 * 60 * 1000;
