import { MESSAGES, type Answers } from '@notadoo/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_STATUS } from '../../../api/api-error';
import {
  AutosaveController,
  exponentialBackoff,
  type AutosaveDraft,
  type AutosaveOptions,
  type ServerDocument,
} from './autosave-controller';

// The engine's cleaning is not under test here: drop empty texts only.
const clean = (answers: Answers): Answers => Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== ''));

function setup(overrides: Partial<AutosaveOptions> = {}) {
  const drafts: Array<AutosaveDraft | null> = [];
  const send = vi.fn<AutosaveOptions['send']>(async (answers, version) => ({ answers, version: version + 1 }));
  const fetchServerDocument = vi.fn<AutosaveOptions['fetchServerDocument']>(async () => null);
  const onRefused = vi.fn();
  const controller = new AutosaveController({
    initial: { answers: { first_name: 'Claire' }, base: { first_name: 'Claire' }, version: 3 },
    clean,
    send,
    fetchServerDocument,
    storeDraft: (draft) => drafts.push(draft),
    onRefused,
    debounceMs: 800,
    ...overrides,
  });
  controller.activate();
  return { controller, send, fetchServerDocument, onRefused, drafts };
}

/** Lets pending promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a pause in typing, then saves the answers with their version', async () => {
    const { controller, send, drafts } = setup();
    controller.change({ first_name: 'Claire', city: 'Ly' });
    controller.change({ first_name: 'Claire', city: 'Lyon' });
    expect(controller.getState().status).toBe('pending');
    expect(drafts.at(-1)).toEqual({ version: 3, base: { first_name: 'Claire' }, answers: { first_name: 'Claire', city: 'Lyon' } });
    await vi.advanceTimersByTimeAsync(799);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledExactlyOnceWith({ first_name: 'Claire', city: 'Lyon' }, 3);
    await settle();
    expect(controller.getState()).toMatchObject({ status: 'saved', version: 4 });
    expect(drafts.at(-1)).toBeNull();
  });

  it('saves a choice at once and never sends twice with the same version', async () => {
    let finish: (value: ServerDocument) => void = () => {};
    const send = vi.fn<AutosaveOptions['send']>(
      (answers, version) =>
        new Promise((resolve) => {
          finish = () => resolve({ answers, version: version + 1 });
        }),
    );
    const { controller } = setup({ send });
    controller.change({ first_name: 'Claire', civility: 'MME' }, { immediate: true });
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(controller.getState().status).toBe('saving');
    controller.change({ first_name: 'Claire', civility: 'MME', city: 'Lyon' }, { immediate: true });
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    finish({ answers: {}, version: 0 });
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ first_name: 'Claire', civility: 'MME', city: 'Lyon' }, 4);
    finish({ answers: {}, version: 0 });
    await settle();
    expect(controller.getState()).toMatchObject({ status: 'saved', version: 5 });
  });

  it('keeps the answers and retries with growing delays while the network fails', async () => {
    const send = vi
      .fn<AutosaveOptions['send']>()
      .mockRejectedValueOnce(new ApiError(NETWORK_ERROR_STATUS, NETWORK_ERROR_MESSAGE))
      .mockRejectedValueOnce(new ApiError(503, 'Service indisponible'))
      .mockImplementation(async (answers, version) => ({ answers, version: version + 1 }));
    const { controller, drafts } = setup({ send });
    controller.change({ first_name: 'Claire', city: 'Lyon' }, { immediate: true });
    await settle();
    expect(controller.getState().status).toBe('retrying');
    expect(controller.getState().answers).toEqual({ first_name: 'Claire', city: 'Lyon' });
    expect(drafts.at(-1)?.answers).toEqual({ first_name: 'Claire', city: 'Lyon' });

    // Typed while offline: the retry sends it too.
    controller.change({ first_name: 'Claire', city: 'Lyon', email: 'c@example.fr' });
    await vi.advanceTimersByTimeAsync(800);
    expect(send).toHaveBeenCalledTimes(2);
    expect(controller.getState().status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(exponentialBackoff(2) - 1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ first_name: 'Claire', city: 'Lyon', email: 'c@example.fr' }, 3);
    await settle();
    expect(controller.getState().status).toBe('saved');
    expect(drafts.at(-1)).toBeNull();
  });

  it('backs off exponentially up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(exponentialBackoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('on 401 takes the server document, tells the user and stops saving', async () => {
    const send = vi.fn<AutosaveOptions['send']>().mockRejectedValue(new ApiError(401, 'Refusé.', { code: 'DOCUMENT_SAVE_REFUSED' }));
    const { controller, onRefused, fetchServerDocument, drafts } = setup({ send });
    fetchServerDocument.mockResolvedValue({ answers: { first_name: 'Jean' }, version: 7 });
    controller.change({ first_name: 'Claire', city: 'Lyon' }, { immediate: true });
    await settle();
    expect(controller.getState()).toMatchObject({ status: 'refused', answers: { first_name: 'Jean' }, version: 7, message: 'Refusé.' });
    expect(onRefused).toHaveBeenCalledWith('Refusé.');
    expect(drafts.at(-1)).toBeNull();
    controller.change({ first_name: 'Jeanne' }, { immediate: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    await expect(controller.flush()).resolves.toBe(true);
  });

  it.each(['EXPIRED_TOKEN', 'INVALID_TOKEN', 'AUTHENTICATION_REQUIRED'] as const)(
    'keeps the answers in the draft when the session ends (%s)',
    async (code) => {
      // The code decides, whatever the text says.
      const send = vi.fn<AutosaveOptions['send']>().mockRejectedValue(new ApiError(401, 'Votre session a pris fin.', { code }));
      const { controller, onRefused, drafts } = setup({ send });
      controller.change({ first_name: 'Claire', city: 'Lyon' }, { immediate: true });
      await settle();
      expect(controller.getState()).toMatchObject({ status: 'failed', answers: { first_name: 'Claire', city: 'Lyon' } });
      expect(onRefused).not.toHaveBeenCalled();
      expect(drafts.at(-1)?.answers).toEqual({ first_name: 'Claire', city: 'Lyon' });
    },
  );

  it("reads a 401 as this document's refusal by its code, even worded as an expired session", async () => {
    const send = vi
      .fn<AutosaveOptions['send']>()
      .mockRejectedValue(new ApiError(401, MESSAGES.expiredToken, { code: 'DOCUMENT_SAVE_REFUSED' }));
    const { controller, onRefused } = setup({ send });
    controller.change({ first_name: 'Claire', city: 'Lyon' }, { immediate: true });
    await settle();
    expect(controller.getState().status).toBe('refused');
    expect(onRefused).toHaveBeenCalledWith(MESSAGES.expiredToken);
  });

  it('on 409 waits for the user: their changes re-applied on top of the server version, or the server version', async () => {
    const send = vi
      .fn<AutosaveOptions['send']>()
      .mockRejectedValueOnce(new ApiError(409, 'Modifié entre-temps.'))
      .mockImplementation(async (answers, version) => ({ answers, version: version + 1 }));
    const { controller, fetchServerDocument } = setup({ send });
    fetchServerDocument.mockResolvedValue({ answers: { first_name: 'Claire', profession: 'Architecte' }, version: 5 });
    controller.change({ first_name: 'Claire', city: 'Lyon' }, { immediate: true });
    await settle();
    expect(controller.getState().status).toBe('conflict');
    expect(controller.getState().conflict).toEqual({
      message: 'Modifié entre-temps.',
      server: { answers: { first_name: 'Claire', profession: 'Architecte' }, version: 5 },
    });
    // Nothing is sent while the user has not chosen; what they type stays.
    controller.change({ first_name: 'Claire', city: 'Lyon', email: 'c@example.fr' }, { immediate: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(1);
    await expect(controller.flush()).resolves.toBe(false);

    controller.reapplyMine();
    await settle();
    expect(send).toHaveBeenLastCalledWith({ first_name: 'Claire', profession: 'Architecte', city: 'Lyon', email: 'c@example.fr' }, 5);
    expect(controller.getState()).toMatchObject({ status: 'saved', version: 6, conflict: null });
  });

  it('can drop the typed answers for the server version after a 409', async () => {
    const send = vi.fn<AutosaveOptions['send']>().mockRejectedValueOnce(new ApiError(409, 'Modifié entre-temps.'));
    const { controller, fetchServerDocument, drafts } = setup({ send });
    fetchServerDocument.mockResolvedValue({ answers: { first_name: 'Jean' }, version: 5 });
    controller.change({ first_name: 'Claire', city: 'Lyon' }, { immediate: true });
    await settle();
    controller.takeServerVersion();
    expect(controller.getState()).toMatchObject({ status: 'saved', answers: { first_name: 'Jean' }, version: 5 });
    expect(drafts.at(-1)).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('flush tells whether the server holds what is on screen', async () => {
    const send = vi
      .fn<AutosaveOptions['send']>()
      .mockRejectedValueOnce(new ApiError(400, 'Réponse invalide.'))
      .mockImplementation(async (answers, version) => ({ answers, version: version + 1 }));
    const { controller } = setup({ send });
    controller.change({ first_name: 'Claire', city: 'Lyon' });
    await expect(controller.flush()).resolves.toBe(false);
    expect(controller.getState()).toMatchObject({ status: 'failed', message: 'Réponse invalide.' });
    await expect(controller.flush()).resolves.toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends a restored draft at start, on the version it was typed on', async () => {
    const { controller, send } = setup({
      initial: { answers: { first_name: 'Claire', city: 'Lyon' }, base: { first_name: 'Claire' }, version: 2 },
    });
    expect(controller.getState().status).toBe('pending');
    controller.start();
    await settle();
    expect(send).toHaveBeenCalledWith({ first_name: 'Claire', city: 'Lyon' }, 2);
  });
});
