import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

export interface BridgeSettings {
  /** The drafting software's local bridge; null when the server has none configured. */
  bridge: { url: string; serviceKey: string } | null;
  /** Absolute address of our API (from the server's PUBLIC_URL), for the download addresses handed to the bridge. */
  apiUrl: string;
}

export function getBridgeSettings(): Promise<BridgeSettings> {
  return apiClient.get<BridgeSettings>('transfer/bridge');
}

/** `GET transfer/bridge`, only asked by those who may transfer (office staff and admins). */
export function useBridgeSettings(enabled: boolean) {
  return useQuery({ queryKey: ['transfer', 'bridge-settings'], queryFn: getBridgeSettings, enabled, staleTime: Infinity, retry: false });
}
