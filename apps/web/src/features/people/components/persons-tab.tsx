import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  canAddPerson,
  canChangePersonEmail,
  canConfirmRole,
  canDeletePerson,
  canEditDocumentOf,
  canEditPerson,
  canMoveParticipant,
  MESSAGES,
  type Participant,
  type ParticipantRole,
  type Project,
  type Viewer,
} from '@notadoo/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { WithSession } from '../../../components/with-session';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useConfirmParticipantRole } from '../api/confirm-participant-role';
import { useRemoveParticipant } from '../api/remove-participant';
import { fullNameOf } from '../lib/person-display';
import { EMPTY_SECTION_TEXT, personSectionsFor, type PersonSection } from '../lib/person-sections';
import { reportFailure } from '../../../lib/report-failure';
import { AddDocumentModal } from '../../../components/add-document-modal';
import { AddPersonModal } from './add-person-modal';
import { EditParticipantModal } from './edit-participant-modal';
import { MoveParticipantModal } from './move-participant-modal';
import { PersonCard, type PersonActions } from './person-card';

type Dialog =
  { kind: 'add'; role: ParticipantRole } | { kind: 'edit' | 'move' | 'delete' | 'addDocument' | 'confirmRole'; participant: Participant };

/**
 * The Persons tab of a project (spec section 2): one section per role of the
 * project kind, the office last. The wire project is the domain's
 * ProjectForAccess and its participants PersonForAccess as they are, so the
 * permission functions take them directly; the signed-in session is the Viewer.
 */
export function PersonsTab({ project }: { project: Project }) {
  return <WithSession>{(session) => <PersonsSections project={project} viewer={session} />}</WithSession>;
}

function PersonsSections({ project, viewer }: { project: Project; viewer: Viewer }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const removeParticipant = useRemoveParticipant(project.id);
  const confirmRole = useConfirmParticipantRole();
  const sections = personSectionsFor(project);
  const addableRoles = sections.map((s) => s.role).filter((role) => canAddPerson(viewer, project, role));

  const actionsFor = (participant: Participant): PersonActions => {
    const open = (kind: 'edit' | 'move' | 'delete' | 'addDocument' | 'confirmRole') => () => setDialog({ kind, participant });
    return {
      onEdit: canEditPerson(viewer, project, participant) ? open('edit') : undefined,
      onMove: canMoveParticipant(viewer, project) ? open('move') : undefined,
      onConfirmRole: canConfirmRole(viewer, project, participant) ? open('confirmRole') : undefined,
      onAddDocument: canEditDocumentOf(viewer, project, participant) ? open('addDocument') : undefined,
      onDelete: canDeletePerson(viewer, project, participant) ? open('delete') : undefined,
    };
  };

  const done = {
    onSuccess: () => {
      notifySuccess(MESSAGES.operationSucceeded);
      close();
    },
    onError: (error: unknown) => reportFailure(error),
  };

  return (
    <Stack gap="xl">
      {sections.map((section) => (
        <PersonsSectionView
          key={section.role}
          section={section}
          participants={project.participants.filter((p) => p.role === section.role)}
          onAdd={addableRoles.includes(section.role) ? () => setDialog({ kind: 'add', role: section.role }) : undefined}
          actionsFor={actionsFor}
        />
      ))}

      {dialog?.kind === 'add' && <AddPersonModal project={project} roles={addableRoles} defaultRole={dialog.role} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <EditParticipantModal
          participant={dialog.participant}
          mayChangeEmail={canChangePersonEmail(viewer, project, dialog.participant)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'move' && <MoveParticipantModal project={project} participant={dialog.participant} onClose={close} />}
      {dialog?.kind === 'addDocument' && (
        <AddDocumentModal
          projectId={project.id}
          participantId={dialog.participant.id}
          ownerName={fullNameOf(dialog.participant)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          onClose={close}
          onConfirm={() => removeParticipant.mutate(dialog.participant.id, done)}
          title={`Supprimer ${fullNameOf(dialog.participant)}`}
          confirmLabel="Supprimer"
          confirmColor="red"
          loading={removeParticipant.isPending}
        >
          Cette opération est irréversible.
        </ConfirmModal>
      )}
      {dialog?.kind === 'confirmRole' && (
        <ConfirmModal
          opened
          onClose={close}
          onConfirm={() => confirmRole.mutate(dialog.participant.id, done)}
          title={`Confirmer le rôle de ${fullNameOf(dialog.participant)}`}
          confirmLabel="Confirmer le rôle"
          loading={confirmRole.isPending}
        >
          {`${fullNameOf(dialog.participant)} pourra alors consulter et modifier les documents des autres personnes de son rôle. Ne confirmez que si vous connaissez cette personne.`}
        </ConfirmModal>
      )}
    </Stack>
  );
}

interface PersonsSectionViewProps {
  section: PersonSection;
  participants: Participant[];
  onAdd?: () => void;
  actionsFor: (participant: Participant) => PersonActions;
}

function PersonsSectionView({ section, participants, onAdd, actionsFor }: PersonsSectionViewProps) {
  const headingId = `persons-section-${section.role}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {section.title}
        </Title>
        {onAdd && (
          <Button variant="light" size="xs" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onAdd}>
            {section.addLabel}
          </Button>
        )}
      </Group>
      {participants.length === 0 ? (
        <Stack gap={4}>
          <Text c="dimmed">{EMPTY_SECTION_TEXT}</Text>
          {section.emptyHint && <Text size="sm">{section.emptyHint}</Text>}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {participants.map((participant) => (
            <PersonCard key={participant.id} participant={participant} actions={actionsFor(participant)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
