import type { ContactPayload, MessageAnswer } from '@notadoo/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';

/** `POST /contact`: the seven fields; the message is stored and mailed to the network. */
export function sendContactMessage(payload: ContactPayload): Promise<MessageAnswer> {
  return apiClient.post<MessageAnswer>('contact', payload);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
