import { Alert, Button, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { isAdmin, MESSAGES, type OutboxMail } from '@notadoo/domain';
import { useState } from 'react';
import { useSession } from '../../../api/get-session';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFailedMails } from '../api/get-failed-mails';
import { useResendMail } from '../api/resend-mail';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

function ResendButton({ mail }: { mail: OutboxMail }) {
  const resend = useResendMail();
  return (
    <Button
      size="xs"
      variant="light"
      loading={resend.isPending}
      aria-label={`Envoyer à nouveau le mail « ${mail.subject} » à ${mail.recipient}`}
      onClick={() =>
        resend.mutate(mail.id, {
          onSuccess: () => notifySuccess(MESSAGES.outboxMailRequeued),
          onError: (error) => notifyError(error.message),
        })
      }
    >
      Envoyer à nouveau
    </Button>
  );
}

/**
 * Administration: the mails the outbox gave up on (address refused by the
 * mail server, or not sent within the retry window), with the error and the
 * number of attempts, and a button sending one again. Shows nothing to
 * anyone but an admin.
 */
export function FailedMails() {
  const { session } = useSession();
  const admin = Boolean(session && isAdmin(session));
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useFailedMails(page, admin);
  if (!admin) return null;

  return (
    <Stack component="section" aria-labelledby="failed-mails-title" gap="sm">
      <Title order={2} id="failed-mails-title" size="h4">
        Mails en échec
      </Title>
      {isPending ? (
        <Loader size="sm" aria-label="Chargement des mails en échec" />
      ) : isError || !data ? (
        <Alert color="red">{MESSAGES.outboxListFailed}</Alert>
      ) : data.total === 0 ? (
        <Text c="dimmed">{MESSAGES.outboxNoFailedMail}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder aria-label="Mails en échec">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Destinataire</Table.Th>
                  <Table.Th>Objet</Table.Th>
                  <Table.Th>Erreur</Table.Th>
                  <Table.Th>Tentatives</Table.Th>
                  <Table.Th>Échec le</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((mail) => (
                  <Table.Tr key={mail.id}>
                    <Table.Td>{mail.recipient}</Table.Td>
                    <Table.Td>{mail.subject}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {mail.lastError ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{mail.attempts}</Table.Td>
                    <Table.Td>{mail.failedAt ? dateFormat.format(new Date(mail.failedAt)) : '—'}</Table.Td>
                    <Table.Td>
                      <ResendButton mail={mail} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.total > data.perPage && (
            <Group justify="center">
              <Pagination
                total={Math.ceil(data.total / data.perPage)}
                value={page}
                onChange={setPage}
                aria-label="Pages des mails en échec"
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
