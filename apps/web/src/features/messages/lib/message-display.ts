import type { MessageView } from '@notadoo/domain';
import { formatDateTime } from '../../../lib/format-date';

export const NO_THREAD_TEXT = "Les messages s'ouvrent une fois l'office notarial choisi.";
export const EMPTY_THREAD_TEXT = 'Aucun message pour l’instant. Écrivez le premier : il sera lu par les personnes de cette conversation.';

/** "Lu par l'office le …" under one's own message; nothing while unread, nothing on others' messages. */
export function receiptText(message: MessageView): string | null {
  if (!message.author.isMe || message.withdrawn) return null;
  const when = formatDateTime(message.readByOtherSideAt);
  if (!when) return 'Envoyé, pas encore lu';
  return message.author.side === 'person' ? `Lu par l'office le ${when}` : `Lu le ${when}`;
}

/** Oldest first, as a conversation reads, from the newest-first pages. */
export function inReadingOrder(pages: ReadonlyArray<{ messages: MessageView[] }>): MessageView[] {
  return pages.flatMap((p) => p.messages).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** What the live region says of messages arrived since the last look. */
export function announcementOf(arrived: readonly MessageView[]): string {
  const others = arrived.filter((m) => !m.author.isMe);
  if (others.length === 0) return '';
  if (others.length === 1) return `Nouveau message de ${others[0]!.author.name} : ${others[0]!.text}`;
  return `${others.length} nouveaux messages, le dernier de ${others.at(-1)!.author.name}`;
}

/** Drafts survive a reload, a network failure and a change of thread, per file and thread. */
export const draftKey = (projectId: number, thread: string) => `notadoo:brouillon:${projectId}:${thread}`;

/** "850 o", "12 Ko", "3,4 Mo": a file's size as the French read it; nothing when unknown. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}
