import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { canWithdrawMessage, type MessageView, type Viewer } from '@notadoo/domain';
import { downloadFile, saveBlob } from '../../../api/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { reportFailure } from '../../../lib/report-failure';
import { formatFileSize, receiptText } from '../lib/message-display';

interface MessageItemProps {
  message: MessageView;
  viewer: Viewer;
  now: Date;
  withdrawing: boolean;
  onWithdraw: (message: MessageView) => void;
}

/** One message: who, when, the text (or "Message retiré"), the piece it answers, the read receipt of one's own. */
export function MessageItem({ message, viewer, now, withdrawing, onWithdraw }: MessageItemProps) {
  const mine = message.author.isMe;
  const receipt = receiptText(message);
  const withdrawable = canWithdrawMessage(
    viewer,
    { authorUserId: mine ? viewer.id : null, createdAt: new Date(message.createdAt), withdrawn: message.withdrawn },
    now,
  );
  return (
    <li style={{ listStyle: 'none', display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid="message">
      <Paper withBorder p="sm" radius="md" bg={mine ? 'blue.0' : undefined} style={{ maxWidth: 'min(36rem, 100%)', minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {mine ? 'Vous' : message.author.name}
          </Text>
          {message.author.side === 'office' && !mine && (
            <Badge size="xs" variant="light">
              Office notarial
            </Badge>
          )}
          <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
            {formatDateTime(message.createdAt)}
          </Text>
        </Group>
        {message.pieceRequest && (
          <Text size="xs" c="dimmed">
            En réponse à la pièce : {message.pieceRequest.label}
          </Text>
        )}
        <Text
          size="sm"
          mt={4}
          fs={message.withdrawn ? 'italic' : undefined}
          c={message.withdrawn ? 'dimmed' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {message.text}
        </Text>
        {message.attachments.length > 0 && (
          <ul
            aria-label={message.attachments.length > 1 ? `${message.attachments.length} pièces jointes` : 'Pièce jointe'}
            style={{ margin: '4px 0 0', padding: 0, listStyle: 'none' }}
          >
            {message.attachments.map((attachment) => (
              <li key={attachment.id}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  // A shade darker than links elsewhere: the office's bubble is tinted, and the usual blue falls under 4.5:1 on it.
                  c="indigo.9"
                  style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                  onClick={() =>
                    void downloadFile(`message/${message.id}/attachments/${attachment.id}`)
                      .then((blob) => saveBlob(blob, attachment.name))
                      .catch((error: unknown) => reportFailure(error, [403, 404]))
                  }
                >
                  Télécharger {attachment.name}
                  {attachment.size !== null && <Text span size="xs" c="dimmed">{` (${formatFileSize(attachment.size)})`}</Text>}
                </Anchor>
              </li>
            ))}
          </ul>
        )}
        {(receipt || withdrawable) && (
          <Group gap="xs" mt={4} justify="space-between" wrap="wrap">
            {receipt && (
              <Text size="xs" c="dimmed" data-testid="receipt">
                {receipt}
              </Text>
            )}
            {withdrawable && (
              <Button size="compact-xs" variant="subtle" color="red" loading={withdrawing} onClick={() => onWithdraw(message)}>
                Retirer le message
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </li>
  );
}
