import {
  cleanSearchText,
  shownSearchResults,
  TRANSFER_MESSAGES,
  transferFileKey,
  type CaseFileResult,
  type TransferFileEntry,
} from '@notadoo/domain';

/**
 * The transfer modal's logic (spec sections 2, 4 and 8) as a pure reducer.
 * The component only carries out what the state asks: it runs a search when
 * `searchRun` changes, sends files when `sendRun` changes, opens the
 * authorization pop-up when `authorization` appears, and closes the modal
 * with a toast when `closeWith` is set.
 */

export type TransferPhase = 'idle' | 'generating' | 'ready' | 'confirming' | 'sending' | 'succeeded';

export interface TransferState {
  /** Whether the modal is open; its content stays as it was while it closes, until the reset 400 ms later. */
  open: boolean;
  phase: TransferPhase;
  files: TransferFileEntry[];
  /** Keys (transferFileKey) of the ticked files. */
  selected: string[];
  searchText: string;
  searchError: string | null;
  /** The cleaned text of the last search asked. */
  searchQuery: string;
  /** Bumped each time a search must run. */
  searchRun: number;
  searching: boolean;
  /** Results as the dropdown shows them (reversed, capped); null before the first answer. */
  results: CaseFileResult[] | null;
  dossierId: string | null;
  /** The files of the transfer under way, in list order, fixed at confirmation. */
  queue: TransferFileEntry[];
  /** Keys of the files of the queue the bridge received. */
  sentKeys: string[];
  /** Bumped each time sending must (re)start with the files not yet sent. */
  sendRun: number;
  /** A 401 of the bridge: the pop-up to open, and what to retry once access is granted. */
  authorization: { instance: string; retry: 'search' | 'send' } | null;
  /** Set when the modal must close, with the toast to show. */
  closeWith: { tone: 'success' | 'error'; message: string } | null;
}

export type TransferEvent =
  | { type: 'opened' }
  | { type: 'filesReady'; files: TransferFileEntry[] }
  | { type: 'fileToggled'; key: string }
  | { type: 'allSelected' }
  | { type: 'allDeselected' }
  | { type: 'searchTextChanged'; text: string }
  | { type: 'searchSubmitted' }
  | { type: 'searchSucceeded'; results: CaseFileResult[] }
  | { type: 'searchFailed' }
  | { type: 'dossierChosen'; id: string | null }
  | { type: 'transferRequested' }
  | { type: 'confirmationCancelled' }
  | { type: 'confirmed' }
  | { type: 'fileSent'; key: string }
  | { type: 'sendFailed' }
  | { type: 'unauthorized'; instance: string; during: 'search' | 'send' }
  | { type: 'authorizationGranted' }
  | { type: 'retryRequested' }
  | { type: 'successDelayElapsed' }
  | { type: 'closed' }
  | { type: 'resetDelayElapsed' };

export const initialTransferState: TransferState = {
  open: false,
  phase: 'idle',
  files: [],
  selected: [],
  searchText: '',
  searchError: null,
  searchQuery: '',
  searchRun: 0,
  searching: false,
  results: null,
  dossierId: null,
  queue: [],
  sentKeys: [],
  sendRun: 0,
  authorization: null,
  closeWith: null,
};

/** Step 4 is offered once files and a destination are chosen. */
export function canRequestTransfer(state: TransferState): boolean {
  return state.phase === 'ready' && state.selected.length > 0 && state.dossierId !== null;
}

/** Step 2 appears once at least one file is selected. */
export function isSearchShown(state: TransferState): boolean {
  return state.selected.length > 0;
}

export function selectedFiles(state: TransferState): TransferFileEntry[] {
  return state.files.filter((f) => state.selected.includes(transferFileKey(f)));
}

/** The files of the queue still to send, in order. */
export function filesLeftToSend(state: TransferState): TransferFileEntry[] {
  return state.queue.filter((f) => !state.sentKeys.includes(transferFileKey(f)));
}

/** What one run of sends had acknowledged by the bridge when it ended, handed to the run that restarts it. */
export interface SendRunResult {
  queue: readonly TransferFileEntry[];
  sent: readonly string[];
}

export const NO_SEND_RUN: SendRunResult = { queue: [], sent: [] };

/**
 * The files a (re)started run sends: those not yet acknowledged, in the state
 * or by the previous run of the same transfer (its last acknowledgement may
 * not be in the state yet). Another transfer's run (a new queue) counts for nothing.
 */
export function filesForNextRun(state: TransferState, previous: SendRunResult): TransferFileEntry[] {
  const carried = previous.queue === state.queue ? previous.sent : [];
  return filesLeftToSend(state).filter((f) => !carried.includes(transferFileKey(f)));
}

export function transferReducer(state: TransferState, event: TransferEvent): TransferState {
  if (event.type === 'opened') return { ...initialTransferState, open: true, phase: 'generating' };
  if (event.type === 'resetDelayElapsed') return state.open ? state : initialTransferState;
  // Answers arriving after the modal closed change nothing.
  if (!state.open) return state;
  switch (event.type) {
    case 'filesReady':
      return state.phase === 'generating' ? { ...state, phase: 'ready', files: event.files, selected: [] } : state;
    case 'fileToggled': {
      if (state.phase !== 'ready') return state;
      const selected = state.selected.includes(event.key) ? state.selected.filter((k) => k !== event.key) : [...state.selected, event.key];
      return { ...state, selected: state.files.map(transferFileKey).filter((k) => selected.includes(k)) };
    }
    case 'allSelected':
      return state.phase === 'ready' ? { ...state, selected: state.files.map(transferFileKey) } : state;
    case 'allDeselected':
      return state.phase === 'ready' ? { ...state, selected: [] } : state;
    case 'searchTextChanged':
      return { ...state, searchText: event.text, searchError: null };
    case 'searchSubmitted': {
      if (state.phase !== 'ready' || state.searching) return state;
      const query = cleanSearchText(state.searchText);
      if (!query) return { ...state, searchError: TRANSFER_MESSAGES.searchRequired };
      return { ...state, searchQuery: query, searchRun: state.searchRun + 1, searching: true, searchError: null, authorization: null };
    }
    case 'searchSucceeded':
      if (!state.searching) return state;
      return { ...state, searching: false, results: shownSearchResults(event.results), dossierId: null };
    case 'searchFailed':
      if (!state.searching) return state;
      return { ...state, searching: false, closeWith: { tone: 'error', message: TRANSFER_MESSAGES.searchFailed } };
    case 'dossierChosen': {
      if (state.phase !== 'ready') return state;
      const known = event.id !== null && (state.results ?? []).some((r) => r.id === event.id);
      return { ...state, dossierId: known ? event.id : null };
    }
    case 'transferRequested':
      return canRequestTransfer(state) ? { ...state, phase: 'confirming' } : state;
    case 'confirmationCancelled':
      return state.phase === 'confirming' ? { ...state, phase: 'ready' } : state;
    case 'confirmed':
      if (state.phase !== 'confirming') return state;
      return { ...state, phase: 'sending', queue: selectedFiles(state), sentKeys: [], sendRun: state.sendRun + 1, authorization: null };
    case 'fileSent': {
      if (state.phase !== 'sending' || state.sentKeys.includes(event.key) || !state.queue.some((f) => transferFileKey(f) === event.key))
        return state;
      const sentKeys = [...state.sentKeys, event.key];
      return { ...state, sentKeys, phase: sentKeys.length === state.queue.length ? 'succeeded' : 'sending' };
    }
    case 'sendFailed':
      if (state.phase !== 'sending') return state;
      return { ...state, closeWith: { tone: 'error', message: TRANSFER_MESSAGES.sendFailed } };
    case 'unauthorized':
      if (event.during === 'search' ? !state.searching : state.phase !== 'sending') return state;
      return { ...state, searching: false, authorization: { instance: event.instance, retry: event.during } };
    case 'authorizationGranted': {
      const retry = state.authorization?.retry;
      if (retry === 'search' && state.phase === 'ready')
        return { ...state, authorization: null, searching: true, searchRun: state.searchRun + 1 };
      if (retry === 'send' && state.phase === 'sending') return { ...state, authorization: null, sendRun: state.sendRun + 1 };
      return state;
    }
    case 'retryRequested':
      return state.phase === 'sending' ? { ...state, authorization: null, sendRun: state.sendRun + 1 } : state;
    case 'successDelayElapsed':
      if (state.phase !== 'succeeded' || state.closeWith) return state;
      return { ...state, closeWith: { tone: 'success', message: TRANSFER_MESSAGES.succeeded(state.queue.length) } };
    case 'closed':
      return { ...state, open: false, searching: false, authorization: null, closeWith: null };
  }
}
