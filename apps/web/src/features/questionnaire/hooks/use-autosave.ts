import {
  clean,
  MESSAGES,
  type Answers,
  type QuestionnaireDefinition,
  type QuestionnaireDocType,
  type QuestionnaireItem,
} from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { notifyError } from '../../../lib/notify';
import { findQuestionnaireItem, getProject, projectQueryKey } from '../api/get-project';
import { useSaveDocument } from '../api/save-document';
import { equalAnswers } from '../lib/answers';
import { AutosaveController, type AutosaveOptions, type ServerDocument } from '../lib/autosave-controller';
import { readDraft, writeDraft } from '../lib/draft-storage';

/** Spec section 8, "Document save 401"; the server's own message wins when it sends one. */
export const SAVE_REFUSED_MESSAGE = MESSAGES.documentSaveRefused;

export interface UseAutosaveInput {
  projectId: number;
  docType: QuestionnaireDocType;
  definition: QuestionnaireDefinition;
  item: QuestionnaireItem;
  userId: number;
  /** Read-only forms never save. */
  enabled: boolean;
  debounceMs?: number;
}

function toServerDocument(definition: QuestionnaireDefinition, item: QuestionnaireItem): ServerDocument {
  return { answers: clean(definition, item), version: item.version };
}

/**
 * The answers of the questionnaire on screen and their autosave. A draft left
 * by a reload (same user, same document) is restored and sent at once.
 */
export function useAutosave({ projectId, docType, definition, item, userId, enabled, debounceMs }: UseAutosaveInput) {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveDocument(projectId);

  const [controller] = useState(() => {
    const server = toServerDocument(definition, item);
    const draft = enabled ? readDraft(item.id, userId) : null;
    // A draft equal to what the server holds is a save whose end the reload interrupted.
    const restore = draft && !isSameAsServer(definition, draft.answers, server.answers) ? draft : null;
    if (!restore) writeDraft(item.id, null);
    const options: AutosaveOptions = {
      initial: restore
        ? { answers: restore.answers, base: restore.base, version: restore.version }
        : { answers: server.answers, base: server.answers, version: server.version },
      clean: (answers) => clean(definition, answers),
      send: async (answers, version) => toServerDocument(definition, await mutateAsync({ docType, documentId: item.id, version, answers })),
      fetchServerDocument: async () => {
        const project = await queryClient.fetchQuery({
          queryKey: projectQueryKey(projectId),
          queryFn: () => getProject(projectId),
          staleTime: 0,
        });
        const fresh = findQuestionnaireItem(project, docType, item.id);
        return fresh ? toServerDocument(definition, fresh) : null;
      },
      storeDraft: (draft) => writeDraft(item.id, draft && { userId, ...draft }),
      onRefused: (message) => notifyError(message || SAVE_REFUSED_MESSAGE),
      debounceMs,
    };
    return new AutosaveController(options);
  });

  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  useEffect(() => {
    controller.activate();
    if (enabled) controller.start();
    const retry = () => controller.retryNow();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      // Unsaved answers stay in the draft and are sent when the questionnaire is opened again.
      controller.dispose();
    };
  }, [controller, enabled]);

  // Answers not yet on the server: the browser asks before the tab is closed.
  const unsaved = enabled && state.status !== 'saved' && state.status !== 'refused';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { state, controller };
}

function isSameAsServer(definition: QuestionnaireDefinition, draft: Answers, server: Answers): boolean {
  return equalAnswers(clean(definition, draft), server);
}
