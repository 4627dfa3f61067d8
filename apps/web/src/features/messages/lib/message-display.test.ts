import type { MessageView } from '@notadoo/domain';
import { describe, expect, it } from 'vitest';
import { announcementOf, formatFileSize, inReadingOrder, receiptText } from './message-display';

const message = (overrides: Partial<MessageView> = {}): MessageView => ({
  id: 1,
  threadKey: 'private-3',
  author: { name: 'Claire Dubois', side: 'person', isMe: true },
  text: 'Bonjour',
  withdrawn: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  readByOtherSideAt: null,
  pieceRequest: null,
  attachments: [],
  ...overrides,
});

describe('what a message shows', () => {
  it('tells its author whether the other side read it', () => {
    expect(receiptText(message())).toBe('Envoyé, pas encore lu');
    expect(receiptText(message({ readByOtherSideAt: '2026-11-24T10:05:00.000Z' }))).toMatch(/^Lu par l'office le 24\/11\/2026 à \d{2}:05$/);
    expect(
      receiptText(message({ author: { name: 'Me Bernard', side: 'office', isMe: true }, readByOtherSideAt: '2026-11-24T10:05:00.000Z' })),
    ).toMatch(/^Lu le 24\/11\/2026/);
    expect(receiptText(message({ author: { name: 'Me Bernard', side: 'office', isMe: false } }))).toBeNull();
    expect(receiptText(message({ withdrawn: true }))).toBeNull();
  });
  it('reads oldest first across pages, (created_at, id) deciding', () => {
    const pages = [
      { messages: [message({ id: 3, createdAt: '2026-11-24T10:01:00.000Z' }), message({ id: 2 })] },
      { messages: [message({ id: 1 })] },
    ];
    expect(inReadingOrder(pages).map((m) => m.id)).toEqual([1, 2, 3]);
  });
  it('announces only the others’ new messages', () => {
    expect(announcementOf([message()])).toBe('');
    expect(announcementOf([message({ author: { name: 'Me Bernard', side: 'office', isMe: false }, text: 'Oui.' })])).toBe(
      'Nouveau message de Me Bernard : Oui.',
    );
    const other = message({ author: { name: 'Me Bernard', side: 'office', isMe: false } });
    expect(announcementOf([other, other])).toBe('2 nouveaux messages, le dernier de Me Bernard');
  });

  it('says the size of a file in French units', () => {
    expect(formatFileSize(850)).toBe('850 o');
    expect(formatFileSize(12 * 1024)).toBe('12 Ko');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3,4 Mo');
    expect(formatFileSize(null)).toBe('');
  });
});
