import { Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { MessageView, Viewer } from '@notadoo/domain';
import { useEffect, useRef, useState } from 'react';
import { reportFailure } from '../../../lib/report-failure';
import { useMessagePages } from '../api/get-message-page';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { useWithdrawMessage } from '../api/withdraw-message';
import { announcementOf, EMPTY_THREAD_TEXT, inReadingOrder } from '../lib/message-display';
import { MessageComposer } from './message-composer';
import { MessageItem } from './message-item';

/** While a thread is shown, the page says so this often (the server then mails nobody who is here). */
const PRESENCE_BEAT_MS = 20_000;

/** One conversation: its messages (older pages on demand), new ones announced, and the text box. */
export function ThreadView({ projectId, thread, title, viewer }: { projectId: number; thread: string; title: string; viewer: Viewer }) {
  const pages = useMessagePages(projectId, thread);
  const markRead = useMarkThreadRead();
  const withdraw = useWithdrawMessage();
  const [now, setNow] = useState(() => new Date());
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<number> | null>(null);
  const messages = inReadingOrder(pages.data?.pages ?? []);
  const newest = messages.at(-1);

  // New messages since the last look: said by the live region (not those of the first load).
  useEffect(() => {
    if (!pages.data) return;
    const all = inReadingOrder(pages.data.pages);
    if (seen.current === null) {
      seen.current = new Set(all.map((m) => m.id));
      return;
    }
    const arrived = all.filter((m) => !seen.current!.has(m.id));
    for (const m of arrived) seen.current.add(m.id);
    const text = announcementOf(arrived);
    if (text) setAnnouncement(text);
  }, [pages.data]);

  // The thread is read up to its newest message as soon as it is shown, and the page beats while open.
  const { mutate: mark } = markRead;
  const newestId = newest?.id;
  useEffect(() => {
    const beat = () => {
      if (document.visibilityState === 'visible') mark({ projectId, thread, upTo: newestId });
      setNow(new Date());
    };
    beat();
    const timer = window.setInterval(beat, PRESENCE_BEAT_MS);
    return () => window.clearInterval(timer);
  }, [mark, projectId, thread, newestId]);

  const onWithdraw = (message: MessageView) =>
    withdraw.mutate({ messageId: message.id, projectId, thread }, { onError: (error) => reportFailure(error, [403, 409]) });

  return (
    <Stack gap="md">
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {pages.isPending ? (
        <Center py="md">
          <Loader role="status" aria-label="Chargement des messages" />
        </Center>
      ) : pages.isError && !pages.data ? (
        <Text role="alert">Les messages n'ont pas pu être chargés. Ils seront lus à nouveau dans quelques secondes.</Text>
      ) : (
        <>
          {pages.hasNextPage && (
            <Button variant="subtle" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Afficher les messages plus anciens
            </Button>
          )}
          {messages.length === 0 ? (
            <Text c="dimmed">{EMPTY_THREAD_TEXT}</Text>
          ) : (
            <Stack component="ol" gap="sm" p={0} m={0} aria-label={`Messages : ${title}`}>
              {messages.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  viewer={viewer}
                  now={now}
                  withdrawing={withdraw.isPending && withdraw.variables?.messageId === m.id}
                  onWithdraw={onWithdraw}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <MessageComposer key={thread} projectId={projectId} thread={thread} />
    </Stack>
  );
}
