import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  canChangeDocumentOwner,
  canDeleteDocument,
  canEditDocumentOf,
  canEditProjectDocument,
  canFillOnBehalfOf,
  canViewProjectDocument,
  displayFileName,
  fileTypeTitle,
  fillingOnBehalfText,
  MESSAGES,
  questionnairePath,
  SHARED_QUESTIONNAIRE_LABELS,
  SUPERSEDED_QUESTIONNAIRE_TEXT,
  type FileDrawer,
  type Participant,
  type Project,
  type ProjectDocument,
  type Viewer,
} from '@notadoo/domain';
import { IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WithSession } from '../../../components/with-session';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useOpenFile } from '../api/open-file';
import { useRemoveDocument } from '../api/remove-document';
import { useRemoveFile } from '../api/remove-file';
import { contentOf, QUESTIONNAIRE_TITLES } from '../lib/document-content';
import { groupDocuments, NO_DOCUMENT_TEXT, NO_PARTICIPANT_DOCUMENT_TEXT, UNASSIGNED_TITLE } from '../lib/group-documents';
import { fullNameOf } from '../lib/participant-name';
import { reportFailure } from '../../../lib/report-failure';
import { AddDocumentModal } from '../../../components/add-document-modal';
import { ChangeOwnerModal } from './change-owner-modal';
import { DocumentMenu, FileDrawerEntry, QuestionnaireEntry } from './document-entries';
import { UploadFileModal } from './upload-file-modal';

type Dialog =
  | { kind: 'upload'; drawer: FileDrawer; owner: Participant | null }
  | { kind: 'deleteFile'; drawer: FileDrawer; storedName: string }
  | { kind: 'deleteDocument'; document: ProjectDocument; title: string }
  | { kind: 'owner'; document: ProjectDocument }
  | { kind: 'addDocument'; owner: Participant | null };

/**
 * The Documents tab of a project (spec section 2): documents grouped by the
 * role of their owner, then the unassigned ones. The wire project and its
 * participants are the domain's ProjectForAccess and PersonForAccess as they
 * are, and the session is the Viewer, so every button is decided by the
 * domain's permission functions.
 */
export function DocumentsTab({ project }: { project: Project }) {
  return <WithSession>{(session) => <DocumentsView project={project} viewer={session} />}</WithSession>;
}

function DocumentsView({ project, viewer }: { project: Project; viewer: Viewer }) {
  const navigate = useNavigate();
  const openFile = useOpenFile();
  const removeFile = useRemoveFile();
  const removeDocument = useRemoveDocument();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const { groups, unassigned } = groupDocuments(project);
  const mayChangeOwner = canChangeDocumentOwner(viewer, project);
  const mayDelete = canDeleteDocument(viewer, project);
  const mayAddUnassigned = canEditDocumentOf(viewer, project, null);
  const showUnassigned = unassigned.length > 0 || mayAddUnassigned;

  const renderDocument = (document: ProjectDocument, owner: Participant | null) => {
    const content = contentOf(document);
    if (!content) return null;
    const title = content.kind === 'questionnaire' ? QUESTIONNAIRE_TITLES[content.docType] : fileTypeTitle(content.drawer.doc_type);
    const canView = canViewProjectDocument(viewer, project, document);
    const canEdit = canEditProjectDocument(viewer, project, document);
    const menu = (
      <DocumentMenu
        title={title}
        // A role's shared questionnaire belongs to no one in particular.
        onChangeOwner={mayChangeOwner && !document.shared_role ? () => setDialog({ kind: 'owner', document }) : undefined}
        onDelete={mayDelete ? () => setDialog({ kind: 'deleteDocument', document, title }) : undefined}
      />
    );
    if (content.kind === 'questionnaire') {
      const open = () =>
        void navigate(questionnairePath(project.id, content.docType), {
          state: { document: content.item, docType: content.docType, owner: owner?.id ?? null, office: project.notary_office },
        });
      const note = document.shared_role
        ? SHARED_QUESTIONNAIRE_LABELS[document.shared_role]
        : document.superseded
          ? SUPERSEDED_QUESTIONNAIRE_TEXT
          : undefined;
      return (
        <QuestionnaireEntry
          key={document.id}
          title={title}
          note={note}
          label={document.shared_role ? `${title} (${note})` : document.superseded ? `${title} (remplacé)` : undefined}
          progress={content.item.progress}
          onOpen={canView ? open : undefined}
          menu={menu}
        />
      );
    }
    const drawer = content.drawer;
    return (
      <FileDrawerEntry
        key={document.id}
        drawer={drawer}
        locked={!canView}
        onOpenFile={(index) => openFile(drawer.id, index)}
        onDeleteFile={canEdit ? (storedName) => setDialog({ kind: 'deleteFile', drawer, storedName }) : undefined}
        onAddFile={canEdit ? () => setDialog({ kind: 'upload', drawer, owner }) : undefined}
        menu={menu}
      />
    );
  };

  const addButton = (owner: Participant | null) => (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconFilePlus size={16} aria-hidden />}
      onClick={() => setDialog({ kind: 'addDocument', owner })}
    >
      Ajouter un document
    </Button>
  );

  const done = () => {
    notifySuccess(MESSAGES.operationSucceeded);
    close();
  };

  return (
    <Stack gap="xl">
      {/* Only when nothing follows: above groups (a participant with an add button) it read as wrong. */}
      {groups.length === 0 && !showUnassigned && <Text c="dimmed">{NO_DOCUMENT_TEXT}</Text>}

      {groups.map((group) => (
        <Stack key={group.role} gap="md" component="section" aria-labelledby={`documents-group-${group.role}`}>
          <Title order={3} size="h4" id={`documents-group-${group.role}`}>
            {group.title}
          </Title>
          {group.shared.map((document) => renderDocument(document, null))}
          {group.entries.map(({ participant, documents }) => (
            <Stack key={participant.id} gap="xs" aria-label={`Documents de ${fullNameOf(participant)}`} role="group">
              <Group justify="space-between" gap="sm">
                <Text fw={600}>{fullNameOf(participant)}</Text>
                {canEditDocumentOf(viewer, project, participant) && addButton(participant)}
              </Group>
              {canFillOnBehalfOf(viewer, project, participant) && (
                <Text size="sm" c="dimmed">
                  {fillingOnBehalfText(fullNameOf(participant))}
                </Text>
              )}
              {documents.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {NO_PARTICIPANT_DOCUMENT_TEXT}
                </Text>
              ) : (
                documents.map((document) => renderDocument(document, participant))
              )}
            </Stack>
          ))}
        </Stack>
      ))}

      {showUnassigned && (
        <Stack gap="xs" component="section" aria-labelledby="documents-group-unassigned">
          <Group justify="space-between" gap="sm">
            <Title order={3} size="h4" id="documents-group-unassigned">
              {UNASSIGNED_TITLE}
            </Title>
            {mayAddUnassigned && addButton(null)}
          </Group>
          {unassigned.map((document) => renderDocument(document, null))}
        </Stack>
      )}

      {dialog?.kind === 'upload' && (
        <UploadFileModal project={project} drawer={dialog.drawer} owner={dialog.owner} viewer={viewer} onClose={close} />
      )}
      {dialog?.kind === 'owner' && <ChangeOwnerModal document={dialog.document} participants={project.participants} onClose={close} />}
      {dialog?.kind === 'addDocument' && (
        <AddDocumentModal
          projectId={project.id}
          participantId={dialog.owner?.id ?? null}
          ownerName={dialog.owner && fullNameOf(dialog.owner)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'deleteFile' && (
        <ConfirmModal
          opened
          onClose={close}
          title={`Supprimer ${displayFileName(dialog.storedName)}`}
          confirmLabel="Supprimer"
          confirmColor="red"
          loading={removeFile.isPending}
          onConfirm={() =>
            removeFile.mutate(
              { projectId: project.id, drawerId: dialog.drawer.id, storedName: dialog.storedName },
              { onSuccess: done, onError: (error) => reportFailure(error) },
            )
          }
        >
          Cette opération est irréversible.
        </ConfirmModal>
      )}
      {dialog?.kind === 'deleteDocument' && (
        <ConfirmModal
          opened
          onClose={close}
          title={`Supprimer le document ${dialog.title}`}
          confirmLabel="Supprimer"
          confirmColor="red"
          loading={removeDocument.isPending}
          onConfirm={() =>
            removeDocument.mutate(
              { projectId: project.id, documentId: dialog.document.id },
              { onSuccess: done, onError: (error) => reportFailure(error) },
            )
          }
        >
          Cette opération est irréversible.
        </ConfirmModal>
      )}
    </Stack>
  );
}
