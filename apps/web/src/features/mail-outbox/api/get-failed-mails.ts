import { OUTBOX_PAGE_SIZE, type OutboxPage } from '@notadoo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export const failedMailsQueryKey = ['admin', 'mails', 'failed'] as const;

/** One page of the mails the outbox gave up on, newest first (admins only). */
export function getFailedMails(page: number): Promise<OutboxPage> {
  return apiClient.get<OutboxPage>(`admin/mails?status=failed&page=${page}&perPage=${OUTBOX_PAGE_SIZE}`);
}

export function useFailedMails(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...failedMailsQueryKey, page],
    queryFn: () => getFailedMails(page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
