import type { BridgeSettings } from '@notadoo/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export function getBridgeSettings(): Promise<BridgeSettings> {
  return apiClient.get<BridgeSettings>('transfer/bridge');
}

/** `GET transfer/bridge`, only asked by those who may transfer (office staff and admins). */
export function useBridgeSettings(enabled: boolean) {
  return useQuery({ queryKey: ['transfer', 'bridge-settings'], queryFn: getBridgeSettings, enabled, staleTime: Infinity, retry: false });
}
