import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  TRANSFER_MESSAGES,
  TRANSFER_RESET_DELAY_MS,
  TRANSFER_SUCCESS_CLOSE_DELAY_MS,
  transferFileKey,
  type Project,
  type RecordTransferInput,
  type TransferOutcome,
} from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BridgeError, searchBridgeCaseFiles, sendFileToBridge, type Bridge } from '../api/bridge-client';
import { prepareTransferFiles, requestDownloadAddresses } from '../api/prepare-transfer-files';
import { projectTransfersKey, recordTransfer } from '../api/project-transfers';
import {
  canRequestTransfer,
  filesForNextRun,
  initialTransferState,
  isSearchShown,
  NO_SEND_RUN,
  transferReducer,
  type SendRunResult,
  type TransferState,
} from '../lib/transfer-machine';

export interface TransferModalProps {
  opened: boolean;
  onClose: () => void;
  project: Project;
  userId: number;
  bridge: Bridge;
  apiUrl: string;
}

/** Message the bridge's authorization page posts to its opener once access is granted. */
function isGrantMessage(data: unknown): boolean {
  return (
    !!data &&
    typeof data === 'object' &&
    'type' in data &&
    data.type === 'interop-autorisation' &&
    'accorde' in data &&
    data.accorde === true
  );
}

/**
 * "Transférer les fichiers vers mon dossier" (spec sections 2 and 4): the
 * reducer decides, this component carries out its requests (generation,
 * search, sending, pop-up, timers) and draws the four steps.
 */
export default function TransferModal({ opened, onClose, project, userId, bridge, apiUrl }: TransferModalProps) {
  const [state, dispatch] = useReducer(transferReducer, initialTransferState);
  // Requests started by an effect read the state of the moment through this ref.
  const stateRef = useRef<TransferState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const queryClient = useQueryClient();

  const record = (outcome: TransferOutcome, sent: number, current: TransferState) => {
    const dossier = current.results?.find((r) => r.id === current.dossierId);
    if (!dossier || current.queue.length === 0) return;
    const input: RecordTransferInput = {
      dossier,
      files: current.queue.map(({ type, docId, position, filename }) => ({ type, docId, position, filename })),
      sent,
      outcome,
    };
    recordTransfer(project.id, input)
      .then(() => queryClient.invalidateQueries({ queryKey: projectTransfersKey(project.id) }))
      .catch((error: unknown) => console.error("Le transfert n'a pas pu être enregistré", error));
  };

  const close = () => {
    const current = stateRef.current;
    if (!current.open) return;
    if (current.phase === 'sending') record('interrupted', current.sentKeys.length, current);
    dispatch({ type: 'closed' });
    onClose();
  };

  useEffect(() => {
    if (opened) dispatch({ type: 'opened' });
  }, [opened]);

  // The modal resets 400 ms after closing (spec section 9).
  useEffect(() => {
    if (state.open || state.phase === 'idle') return;
    const timer = setTimeout(() => dispatch({ type: 'resetDelayElapsed' }), TRANSFER_RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.open, state.phase]);

  // Step 1: the PDFs are generated on opening.
  useEffect(() => {
    if (!state.open || state.phase !== 'generating') return;
    let cancelled = false;
    void prepareTransferFiles(project.documents).then((files) => {
      if (!cancelled) dispatch({ type: 'filesReady', files });
    });
    return () => {
      cancelled = true;
    };
  }, [state.open, state.phase, project.documents]);

  // Steps 2-3: the search, each time the reducer asks for one.
  useEffect(() => {
    if (state.searchRun === 0) return;
    let cancelled = false;
    searchBridgeCaseFiles(bridge, userId, stateRef.current.searchQuery)
      .then((results) => !cancelled && dispatch({ type: 'searchSucceeded', results }))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof BridgeError && error.needsAuthorization)
          return dispatch({ type: 'unauthorized', instance: error.instance!, during: 'search' });
        console.error(error);
        dispatch({ type: 'searchFailed' });
      });
    return () => {
      cancelled = true;
    };
  }, [state.searchRun, bridge, userId]);

  // Step 4: the files not yet sent, one by one, each time the reducer asks (confirmation, retry, access granted).
  // A restart ("Relancer le transfert") first waits for the file the previous run has in flight: the bridge
  // may already hold it, and sending it again at the same time would store it twice.
  const lastRun = useRef<Promise<SendRunResult>>(Promise.resolve(NO_SEND_RUN));
  useEffect(() => {
    if (state.sendRun === 0) return;
    let cancelled = false;
    const previousRun = lastRun.current;
    lastRun.current = (async (): Promise<SendRunResult> => {
      const previous = await previousRun;
      if (cancelled) return previous;
      const start = stateRef.current;
      const sent = start.queue === previous.queue ? [...previous.sent] : [];
      const ended = () => ({ queue: start.queue, sent });
      const files = filesForNextRun(start, previous);
      try {
        const addresses = await requestDownloadAddresses(apiUrl, files);
        for (const [i, file] of files.entries()) {
          if (cancelled) return ended();
          await sendFileToBridge(bridge, userId, start.dossierId!, addresses[i]!, file.filename);
          sent.push(transferFileKey(file));
          dispatch({ type: 'fileSent', key: transferFileKey(file) });
        }
        if (!cancelled) record('succeeded', start.queue.length, start);
      } catch (error) {
        if (cancelled) return ended();
        if (error instanceof BridgeError && error.needsAuthorization) {
          dispatch({ type: 'unauthorized', instance: error.instance!, during: 'send' });
          return ended();
        }
        console.error(error);
        record('failed', stateRef.current.sentKeys.length, start);
        dispatch({ type: 'sendFailed' });
      }
      return ended();
    })();
    return () => {
      cancelled = true;
    };
    // Runs once per sendRun: the rest is read from the state at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.sendRun]);

  // Success: the bar turns green, and the modal closes 2.5 s later.
  useEffect(() => {
    if (!state.open || state.phase !== 'succeeded') return;
    const timer = setTimeout(() => dispatch({ type: 'successDelayElapsed' }), TRANSFER_SUCCESS_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.open, state.phase]);

  useEffect(() => {
    if (!state.closeWith) return;
    if (state.closeWith.tone === 'success') notifySuccess(state.closeWith.message);
    else notifyError(state.closeWith.message);
    dispatch({ type: 'closed' });
    onClose();
  }, [state.closeWith, onClose]);

  // A 401: the authorization page opens in a pop-up; the bridge tells us when access is granted.
  useEffect(() => {
    if (!state.authorization) return;
    window.open(state.authorization.instance, 'interop-autorisation', 'popup,width=640,height=560');
    const bridgeOrigin = new URL(bridge.url).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === bridgeOrigin && isGrantMessage(event.data)) dispatch({ type: 'authorizationGranted' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [state.authorization, bridge.url]);

  const selecting = state.phase === 'ready';
  const total = state.queue.length;
  const sentCount = state.sentKeys.length;
  const showsProgress = state.phase === 'sending' || state.phase === 'succeeded';
  const dossierOptions = (state.results ?? []).map((r) => ({
    value: r.id,
    label: r.identifiantMetier ? `${r.intitule} (${r.identifiantMetier})` : r.intitule,
  }));

  return (
    <Modal opened={state.open} onClose={close} title={TRANSFER_MESSAGES.modalTitle} size="lg">
      <Stack gap="md">
        {state.phase === 'generating' ? (
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>{TRANSFER_MESSAGES.generating}</Text>
          </Group>
        ) : state.files.length === 0 ? (
          <Text>{TRANSFER_MESSAGES.noFiles}</Text>
        ) : (
          <>
            <Group gap="sm">
              <Button variant="light" size="xs" onClick={() => dispatch({ type: 'allSelected' })} disabled={!selecting}>
                Tout sélectionner
              </Button>
              <Button variant="light" size="xs" onClick={() => dispatch({ type: 'allDeselected' })} disabled={!selecting}>
                Tout désélectionner
              </Button>
            </Group>
            <Table aria-label="Fichiers du dossier" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>Sélection</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Fichier</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.files.map((file) => {
                  const key = transferFileKey(file);
                  return (
                    <Table.Tr key={key}>
                      <Table.Td>
                        <Checkbox
                          aria-label={file.filename}
                          checked={state.selected.includes(key)}
                          onChange={() => dispatch({ type: 'fileToggled', key })}
                          disabled={!selecting}
                        />
                      </Table.Td>
                      <Table.Td>{file.filename}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </>
        )}

        {(selecting || state.phase === 'confirming') && isSearchShown(state) && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              dispatch({ type: 'searchSubmitted' });
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label={TRANSFER_MESSAGES.searchLabel}
                value={state.searchText}
                onChange={(event) => dispatch({ type: 'searchTextChanged', text: event.currentTarget.value })}
                error={state.searchError}
                disabled={!selecting}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={state.searching} disabled={!selecting}>
                {TRANSFER_MESSAGES.searchButton}
              </Button>
            </Group>
          </form>
        )}

        {(selecting || state.phase === 'confirming') &&
          isSearchShown(state) &&
          state.results !== null &&
          (dossierOptions.length > 0 ? (
            <Select
              label="Dossier de destination"
              placeholder={TRANSFER_MESSAGES.choosePlaceholder}
              data={dossierOptions}
              value={state.dossierId}
              onChange={(id) => dispatch({ type: 'dossierChosen', id })}
              disabled={!selecting}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Text c="dimmed">{TRANSFER_MESSAGES.noResults}</Text>
          ))}

        {state.authorization && (
          <Alert color="orange" role="alert" title="Autorisation nécessaire">
            <Stack gap={4}>
              <Text size="sm">{TRANSFER_MESSAGES.authorize}</Text>
              {/* In case the browser blocked the pop-up, or it was closed too early. */}
              <Anchor href={state.authorization.instance} target="interop-autorisation" size="sm">
                Ouvrir à nouveau la fenêtre d'autorisation
              </Anchor>
            </Stack>
          </Alert>
        )}

        {canRequestTransfer(state) && (
          <Group justify="flex-end">
            <Button onClick={() => dispatch({ type: 'transferRequested' })}>{TRANSFER_MESSAGES.button}</Button>
          </Group>
        )}

        {state.phase === 'confirming' && (
          <Alert color="blue" title="Confirmation">
            <Stack gap="sm">
              <Text size="sm">{TRANSFER_MESSAGES.confirm(state.selected.length)}</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => dispatch({ type: 'confirmationCancelled' })}>
                  Annuler
                </Button>
                <Button onClick={() => dispatch({ type: 'confirmed' })}>Confirmer</Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {showsProgress && (
          <Stack gap="xs">
            <Text>{TRANSFER_MESSAGES.sending}</Text>
            <Progress
              value={total === 0 ? 0 : (sentCount / total) * 100}
              color={state.phase === 'succeeded' ? 'teal' : 'blue'}
              striped={state.phase === 'sending'}
              animated={state.phase === 'sending'}
              size="lg"
              aria-label="Envoi des fichiers"
            />
            <Text size="sm" aria-live="polite">
              {`${sentCount} / ${total} fichier(s) envoyé(s)`}
            </Text>
            {state.phase === 'sending' && (
              <Group justify="flex-end">
                <Button variant="light" onClick={() => dispatch({ type: 'retryRequested' })}>
                  {TRANSFER_MESSAGES.retry}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
