import { ActionIcon, Menu } from '@mantine/core';
import {
  canArchiveProject,
  canChangeCover,
  canChangeStatus,
  canRenameProject,
  canRestoreProject,
  MESSAGES,
  type ProjectSummary,
  type Viewer,
} from '@notadoo/domain';
import { IconArchive, IconArchiveOff, IconDots, IconPencil, IconPhoto, IconPhotoOff, IconProgressCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRemoveProjectCover } from '../api/remove-project-cover';
import { ArchiveProjectModal } from './archive-project-modal';
import { ChangeStatusModal } from './change-status-modal';
import { CoverModal } from './cover-modal';
import { RenameProjectModal } from './rename-project-modal';

type OpenModal = 'rename' | 'cover' | 'status' | 'archive' | 'restore' | null;

interface ProjectCardMenuProps {
  project: ProjectSummary;
  viewer: Viewer;
}

/** The three-dot menu of a project card: only the actions the server would accept from this user. */
export function ProjectCardMenu({ project, viewer }: ProjectCardMenuProps) {
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const removeCover = useRemoveProjectCover();
  const may = {
    rename: canRenameProject(viewer, project),
    cover: canChangeCover(viewer, project),
    status: canChangeStatus(viewer, project),
    archive: canArchiveProject(viewer, project),
    restore: canRestoreProject(viewer, project),
  };
  if (!Object.values(may).some(Boolean)) return null;

  const close = () => setOpenModal(null);
  const removeTheCover = () =>
    removeCover.mutate(project.id, {
      onSuccess: () => notifySuccess(MESSAGES.operationSucceeded),
      onError: () => notifyError(MESSAGES.operationFailed),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions du dossier ${project.name}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {may.rename && (
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setOpenModal('rename')}>
              Renommer
            </Menu.Item>
          )}
          {may.cover && (
            <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => setOpenModal('cover')}>
              Changer l'image de couverture
            </Menu.Item>
          )}
          {may.cover && project.cover_image && (
            <Menu.Item leftSection={<IconPhotoOff size={16} aria-hidden />} onClick={removeTheCover}>
              Retirer l'image de couverture
            </Menu.Item>
          )}
          {may.status && (
            <Menu.Item leftSection={<IconProgressCheck size={16} aria-hidden />} onClick={() => setOpenModal('status')}>
              Changer le statut
            </Menu.Item>
          )}
          {may.archive && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconArchive size={16} aria-hidden />} onClick={() => setOpenModal('archive')}>
                Archiver
              </Menu.Item>
            </>
          )}
          {may.restore && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconArchiveOff size={16} aria-hidden />} onClick={() => setOpenModal('restore')}>
                Restaurer
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <RenameProjectModal project={project} opened={openModal === 'rename'} onClose={close} />
      <CoverModal projectId={project.id} opened={openModal === 'cover'} onClose={close} />
      <ChangeStatusModal project={project} opened={openModal === 'status'} onClose={close} />
      {/* One dialog both ways: the file's own state says whether it archives or restores. */}
      <ArchiveProjectModal project={project} opened={openModal === 'archive' || openModal === 'restore'} onClose={close} />
    </>
  );
}
