import type { SiteInfo } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export function getSiteInfo(): Promise<SiteInfo> {
  return apiClient.get<SiteInfo>('site');
}

/** Read once per visit, and again every minute while the maintenance page shows, so the site comes back by itself. */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['site'],
    queryFn: getSiteInfo,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.maintenance ? 60_000 : false),
  });
}
