import { TRANSFER_MESSAGES, type CaseFileResult, type TransferFileEntry } from '@notadoo/domain';
import { describe, expect, it } from 'vitest';
import {
  canRequestTransfer,
  filesForNextRun,
  filesLeftToSend,
  initialTransferState,
  isSearchShown,
  transferReducer,
  type TransferEvent,
  type TransferState,
} from './transfer-machine';

const FILES: TransferFileEntry[] = [
  { type: 'pdf', docId: 1, filename: 'Vente - Questionnaire.pdf', file: 'questionnaire-1-v2.pdf' },
  { type: 'pdf', docId: 2, filename: 'Vente - État civil.pdf', file: 'questionnaire-2-v1.pdf' },
  { type: 'file', docId: 3, position: 0, filename: 'carte.pdf', file: 'abcd1234_carte.pdf' },
];
const results = (n: number): CaseFileResult[] =>
  Array.from({ length: n }, (_, i) => ({ id: `D${i}`, intitule: `Dossier ${i}`, identifiantMetier: `2026/${i}` }));

const run = (events: TransferEvent[], from: TransferState = initialTransferState) => events.reduce(transferReducer, from);
const ready = () => run([{ type: 'opened' }, { type: 'filesReady', files: FILES }]);
/** Files 1 and 3 ticked, a search answered, D2 chosen. */
const chosen = () =>
  run(
    [
      { type: 'fileToggled', key: 'pdf:1:0' },
      { type: 'fileToggled', key: 'file:3:0' },
      { type: 'searchTextChanged', text: 'vente' },
      { type: 'searchSubmitted' },
      { type: 'searchSucceeded', results: results(3) },
      { type: 'dossierChosen', id: 'D2' },
    ],
    ready(),
  );
const sending = () => run([{ type: 'transferRequested' }, { type: 'confirmed' }], chosen());

describe('transfer modal state machine', () => {
  it('generates the files on opening, then lists them with nothing ticked', () => {
    const opened = transferReducer(initialTransferState, { type: 'opened' });
    expect(opened).toMatchObject({ open: true, phase: 'generating' });
    const listed = transferReducer(opened, { type: 'filesReady', files: FILES });
    expect(listed).toMatchObject({ phase: 'ready', files: FILES, selected: [] });
    expect(transferReducer(opened, { type: 'filesReady', files: [] }).files).toEqual([]);
  });

  it('selects all, deselects all, toggles one, keeping list order; the search appears once a file is ticked', () => {
    let state = ready();
    expect(isSearchShown(state)).toBe(false);
    state = transferReducer(state, { type: 'allSelected' });
    expect(state.selected).toEqual(['pdf:1:0', 'pdf:2:0', 'file:3:0']);
    state = transferReducer(state, { type: 'allDeselected' });
    expect(state.selected).toEqual([]);
    state = run(
      [
        { type: 'fileToggled', key: 'file:3:0' },
        { type: 'fileToggled', key: 'pdf:1:0' },
      ],
      state,
    );
    expect(state.selected).toEqual(['pdf:1:0', 'file:3:0']);
    expect(isSearchShown(state)).toBe(true);
    expect(transferReducer(state, { type: 'fileToggled', key: 'pdf:1:0' }).selected).toEqual(['file:3:0']);
  });

  it('refuses an empty search, strips slashes, and shows the results reversed, 30 at most', () => {
    let state = run([{ type: 'allSelected' }, { type: 'searchTextChanged', text: ' / ' }, { type: 'searchSubmitted' }], ready());
    expect(state.searchError).toBe(TRANSFER_MESSAGES.searchRequired);
    expect(state.searchRun).toBe(0);
    state = run([{ type: 'searchTextChanged', text: '2026/001' }, { type: 'searchSubmitted' }], state);
    expect(state).toMatchObject({ searchError: null, searchQuery: '2026001', searchRun: 1, searching: true });
    // A second click while the search runs asks nothing more.
    expect(transferReducer(state, { type: 'searchSubmitted' }).searchRun).toBe(1);
    state = transferReducer(state, { type: 'searchSucceeded', results: results(40) });
    expect(state.results).toHaveLength(30);
    expect(state.results![0]!.id).toBe('D39');
    expect(state.results![29]!.id).toBe('D10');
  });

  it('offers the transfer once files and a known destination are chosen, and asks for confirmation', () => {
    expect(canRequestTransfer(ready())).toBe(false);
    const state = chosen();
    expect(state.dossierId).toBe('D2');
    expect(transferReducer(state, { type: 'dossierChosen', id: 'ailleurs' }).dossierId).toBeNull();
    expect(canRequestTransfer(state)).toBe(true);
    expect(canRequestTransfer(transferReducer(state, { type: 'allDeselected' }))).toBe(false);
    const confirming = transferReducer(state, { type: 'transferRequested' });
    expect(confirming.phase).toBe('confirming');
    expect(transferReducer(confirming, { type: 'confirmationCancelled' }).phase).toBe('ready');
  });

  it('sends the selected files one by one, counting each, and closes with a message after the success delay', () => {
    let state = sending();
    expect(state).toMatchObject({ phase: 'sending', sendRun: 1, sentKeys: [] });
    expect(state.queue.map((f) => f.docId)).toEqual([1, 3]);
    state = transferReducer(state, { type: 'fileSent', key: 'pdf:1:0' });
    expect(state.sentKeys).toHaveLength(1);
    expect(transferReducer(state, { type: 'fileSent', key: 'pdf:1:0' }).sentKeys).toHaveLength(1);
    expect(filesLeftToSend(state).map((f) => f.docId)).toEqual([3]);
    state = transferReducer(state, { type: 'fileSent', key: 'file:3:0' });
    expect(state.phase).toBe('succeeded');
    expect(state.closeWith).toBeNull();
    state = transferReducer(state, { type: 'successDelayElapsed' });
    expect(state.closeWith).toEqual({ tone: 'success', message: TRANSFER_MESSAGES.succeeded(2) });
  });

  it('resets after closing, unless reopened meanwhile; late answers change nothing', () => {
    const closed = transferReducer(sending(), { type: 'closed' });
    expect(closed.open).toBe(false);
    expect(closed.queue).toHaveLength(2);
    expect(transferReducer(closed, { type: 'fileSent', key: 'pdf:1:0' })).toBe(closed);
    expect(transferReducer(closed, { type: 'resetDelayElapsed' })).toEqual(initialTransferState);
    const reopened = transferReducer(closed, { type: 'opened' });
    expect(transferReducer(reopened, { type: 'resetDelayElapsed' })).toBe(reopened);
  });

  it('closes with the search message on a failed search, and with the sending message on a failed send', () => {
    const searching = run([{ type: 'allSelected' }, { type: 'searchTextChanged', text: 'x' }, { type: 'searchSubmitted' }], ready());
    expect(transferReducer(searching, { type: 'searchFailed' }).closeWith).toEqual({
      tone: 'error',
      message: TRANSFER_MESSAGES.searchFailed,
    });
    expect(transferReducer(sending(), { type: 'sendFailed' }).closeWith).toEqual({ tone: 'error', message: TRANSFER_MESSAGES.sendFailed });
  });

  it('on a 401 asks for authorization, then retries the search once access is granted', () => {
    const searching = run([{ type: 'allSelected' }, { type: 'searchTextChanged', text: 'x' }, { type: 'searchSubmitted' }], ready());
    const refused = transferReducer(searching, {
      type: 'unauthorized',
      instance: 'http://127.0.0.1:4100/interop/autorisation',
      during: 'search',
    });
    expect(refused).toMatchObject({
      searching: false,
      authorization: { instance: 'http://127.0.0.1:4100/interop/autorisation', retry: 'search' },
    });
    const granted = transferReducer(refused, { type: 'authorizationGranted' });
    expect(granted).toMatchObject({ authorization: null, searching: true, searchRun: searching.searchRun + 1 });
  });

  it('on a 401 while sending resumes with the files not yet sent once granted, and "Relancer le transfert" does the same', () => {
    let state = transferReducer(sending(), { type: 'fileSent', key: 'pdf:1:0' });
    state = transferReducer(state, { type: 'unauthorized', instance: 'http://i', during: 'send' });
    expect(state.authorization).toEqual({ instance: 'http://i', retry: 'send' });
    state = transferReducer(state, { type: 'authorizationGranted' });
    expect(state).toMatchObject({ authorization: null, sendRun: 2, phase: 'sending' });
    expect(filesLeftToSend(state).map((f) => f.docId)).toEqual([3]);
    state = transferReducer(state, { type: 'retryRequested' });
    expect(state.sendRun).toBe(3);
    expect(transferReducer(ready(), { type: 'retryRequested' }).sendRun).toBe(0);
  });

  it('restarts with neither the files acknowledged in the state nor those the previous run of the same transfer had sent', () => {
    const first = transferReducer(sending(), { type: 'fileSent', key: 'pdf:1:0' });
    const restarted = transferReducer(first, { type: 'retryRequested' });
    // The previous run had the second file acknowledged just before it stopped; the state does not show it yet.
    expect(filesForNextRun(restarted, { queue: first.queue, sent: ['pdf:1:0', 'pdf:2:0'] }).map((f) => f.docId)).toEqual([3]);
    // A new transfer (another queue) sends everything it holds.
    const again = run([{ type: 'transferRequested' }, { type: 'confirmed' }], chosen());
    expect(filesForNextRun(again, { queue: first.queue, sent: ['pdf:1:0', 'pdf:2:0'] })).toHaveLength(again.queue.length);
  });
});
