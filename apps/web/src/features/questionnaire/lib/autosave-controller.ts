import type { Answers, ErrorCode } from '@notadoo/domain';
import { ApiError, readApiError } from '../../../api/api-error';
import { equalAnswers, reapplyChanges } from './answers';

export type SaveStatus =
  /** Everything on screen is on the server. */
  | 'saved'
  /** Changes wait for the typing pause before being sent. */
  | 'pending'
  | 'saving'
  /** The network or the server failed; another attempt is scheduled. */
  | 'retrying'
  /** The server refused these answers (400...); they are kept and sent again at the next change. */
  | 'failed'
  /** 401: the user may not save this document; autosave is off (spec section 8). */
  | 'refused'
  /** 409: someone saved first; the user chooses what to keep. */
  | 'conflict';

export interface ServerDocument {
  answers: Answers;
  version: number;
}

export interface SaveConflict {
  message: string;
  server: ServerDocument;
}

export interface AutosaveState {
  answers: Answers;
  version: number;
  status: SaveStatus;
  /** The server's message after a refusal, a failure or a conflict. */
  message: string | null;
  conflict: SaveConflict | null;
}

export interface AutosaveDraft {
  version: number;
  base: Answers;
  answers: Answers;
}

export interface AutosaveOptions {
  /** `base` is what the server holds at `version`; `answers` differ from it when a draft was restored. */
  initial: { answers: Answers; base: Answers; version: number };
  /** The engine's cleaning, applied to everything entering the form. */
  clean(answers: Answers): Answers;
  send(answers: Answers, version: number): Promise<ServerDocument>;
  /** The document as the server holds it now (read after a 401 or a 409). */
  fetchServerDocument(): Promise<ServerDocument | null>;
  /** Keeps unsaved answers across a reload; null once everything is saved. */
  storeDraft(draft: AutosaveDraft | null): void;
  onRefused?(message: string): void;
  /** Pause after typing before a save. */
  debounceMs?: number;
  /** Wait before retry number `attempt` (1, 2, ...). */
  retryDelay?(attempt: number): number;
}

export const AUTOSAVE_DEBOUNCE_MS = 800;
const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s... up to 30 s. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
}

/**
 * 401s that end the session rather than refuse this document: the app signs
 * the user out, and the answers must wait in the draft for them to come back.
 */
const SESSION_ENDED_CODES = new Set<ErrorCode | null>(['EXPIRED_TOKEN', 'INVALID_TOKEN', 'AUTHENTICATION_REQUIRED']);

/** What the network or an overloaded server lost may pass later; a refusal will not. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.isNetworkError || error.status >= 500 || error.status === 429 || error.status === 408;
}

/**
 * The answers of one questionnaire and their saving: one save in flight at a
 * time (each carries the version it was typed on), typing debounced, choices
 * at once, transient failures retried with exponential backoff while the
 * answers stay on screen and in the draft. Framework-free: the React hook
 * subscribes to it.
 */
export class AutosaveController {
  private state: AutosaveState;
  /** The answers the server holds at `state.version`. */
  private base: Answers;
  private attempt = 0;
  private inFlight: Promise<void> | null = null;
  private saveAgain = false;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = true;
  private readonly listeners = new Set<() => void>();
  private readonly options: AutosaveOptions;

  constructor(options: AutosaveOptions) {
    this.options = options;
    const answers = options.clean(options.initial.answers);
    this.base = options.clean(options.initial.base);
    this.state = { answers, version: options.initial.version, status: 'saved', message: null, conflict: null };
    if (this.isDirty()) this.setState({ status: 'pending' });
  }

  getState = (): AutosaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  isDirty(): boolean {
    return !equalAnswers(this.state.answers, this.base);
  }

  /** Sends restored unsaved answers at once (after a reload). */
  start(): void {
    if (this.isDirty()) this.schedule(0);
  }

  /** New answers from the form: cleaned, kept in the draft, saved after `debounceMs` or at once. */
  change(answers: Answers, { immediate = false }: { immediate?: boolean } = {}): void {
    const cleaned = this.options.clean(answers);
    if (equalAnswers(cleaned, this.state.answers)) return;
    this.setState({ answers: cleaned });
    this.keepDraft();
    if (!this.canSave()) return;
    if (!this.inFlight && this.state.status !== 'retrying') this.setState({ status: this.isDirty() ? 'pending' : 'saved' });
    this.schedule(immediate ? 0 : (this.options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS));
  }

  /** Saves now what is not saved yet (step change). */
  saveNow(): void {
    if (this.canSave() && this.isDirty()) this.schedule(0);
  }

  /** After the connection comes back: no need to wait for the next backoff. */
  retryNow(): void {
    if (this.state.status === 'retrying') this.schedule(0);
  }

  /**
   * Saves everything now and tells whether the server holds what is on
   * screen (true also when saving is refused: there is nothing left to do).
   */
  async flush(): Promise<boolean> {
    this.clearTimer('debounce');
    if (this.inFlight) await this.inFlight;
    this.clearTimer('debounce');
    if (this.canSave() && this.isDirty()) await this.run();
    if (this.state.status === 'refused') return true;
    return this.state.status !== 'conflict' && !this.isDirty();
  }

  /** Resolves a conflict: the server's version replaces the answers on screen. */
  takeServerVersion(): void {
    const conflict = this.state.conflict;
    if (!conflict) return;
    this.base = conflict.server.answers;
    this.setState({ answers: conflict.server.answers, version: conflict.server.version, status: 'saved', message: null, conflict: null });
    this.options.storeDraft(null);
  }

  /** Resolves a conflict: the user's changes, applied on top of the server's version, are saved again. */
  reapplyMine(): void {
    const conflict = this.state.conflict;
    if (!conflict) return;
    const merged = this.options.clean(reapplyChanges(this.base, this.state.answers, conflict.server.answers));
    this.base = conflict.server.answers;
    this.setState({ answers: merged, version: conflict.server.version, status: 'pending', message: null, conflict: null });
    this.keepDraft();
    this.schedule(0);
  }

  /** Saving runs only while the screen is mounted (React may mount it twice in development). */
  activate(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer('debounce');
    this.clearTimer('retry');
  }

  private canSave(): boolean {
    return !this.disposed && this.state.status !== 'refused' && this.state.status !== 'conflict';
  }

  private schedule(delay: number): void {
    this.clearTimer('debounce');
    this.debounceTimer = setTimeout(() => void this.run(), delay);
  }

  private clearTimer(which: 'debounce' | 'retry'): void {
    if (which === 'debounce') {
      clearTimeout(this.debounceTimer);
      this.debounceTimer = undefined;
    } else {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
  }

  /** One save at a time: a change during a save is sent when it ends, with the new version. */
  private run(): Promise<void> {
    if (this.inFlight) {
      this.saveAgain = true;
      return this.inFlight;
    }
    if (!this.canSave() || !this.isDirty()) {
      if (this.state.status === 'pending') this.setState({ status: 'saved' });
      return Promise.resolve();
    }
    this.clearTimer('retry');
    const sent = this.state.answers;
    if (this.state.status !== 'retrying') this.setState({ status: 'saving', message: null });
    this.inFlight = this.save(sent).finally(() => {
      this.inFlight = null;
      if (this.saveAgain) {
        this.saveAgain = false;
        if (this.canSave() && this.state.status !== 'retrying' && this.isDirty()) this.schedule(0);
      }
    });
    return this.inFlight;
  }

  private async save(sent: Answers): Promise<void> {
    try {
      const saved = await this.options.send(sent, this.state.version);
      if (this.disposed) return;
      this.attempt = 0;
      const serverAnswers = this.options.clean(saved.answers);
      // The server cleans too; when nothing was typed meanwhile, show exactly what it stored.
      const untouched = equalAnswers(this.state.answers, sent);
      this.base = untouched ? serverAnswers : sent;
      this.setState({
        version: saved.version,
        answers: untouched ? serverAnswers : this.state.answers,
        status: untouched ? 'saved' : 'pending',
        message: null,
      });
      this.keepDraft();
      if (!untouched) this.saveAgain = true;
    } catch (error) {
      if (!this.disposed) await this.handleFailure(error);
    }
  }

  private async handleFailure(error: unknown): Promise<void> {
    const { status, code, message } = readApiError(error);
    if (status === 401 && !SESSION_ENDED_CODES.has(code)) {
      // Spec section 8: the form takes the server's document and autosave stops.
      const server = await this.readServer();
      if (server) this.base = server.answers;
      this.clearTimer('debounce');
      this.clearTimer('retry');
      this.setState({
        status: 'refused',
        message,
        conflict: null,
        ...(server ? { answers: server.answers, version: server.version } : {}),
      });
      this.options.storeDraft(null);
      this.options.onRefused?.(message);
      return;
    }
    if (status === 409) {
      const server = await this.readServer();
      if (server) {
        this.clearTimer('debounce');
        this.setState({ status: 'conflict', message, conflict: { message, server } });
        return;
      }
    }
    if (isTransient(error)) {
      this.attempt += 1;
      this.setState({ status: 'retrying', message });
      this.clearTimer('retry');
      this.retryTimer = setTimeout(() => void this.run(), (this.options.retryDelay ?? exponentialBackoff)(this.attempt));
      return;
    }
    this.attempt = 0;
    this.setState({ status: 'failed', message });
  }

  private async readServer(): Promise<ServerDocument | null> {
    try {
      const server = await this.options.fetchServerDocument();
      return server && { answers: this.options.clean(server.answers), version: server.version };
    } catch {
      return null;
    }
  }

  private keepDraft(): void {
    this.options.storeDraft(this.isDirty() ? { version: this.state.version, base: this.base, answers: this.state.answers } : null);
  }

  private setState(patch: Partial<AutosaveState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
