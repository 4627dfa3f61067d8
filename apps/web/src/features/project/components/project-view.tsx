import { Group, Stack, Tabs, Title } from '@mantine/core';
import { canReadHistory, type Project, type Session } from '@notadoo/domain';
import { IconBuildingBank, IconChecklist, IconFiles, IconHistory, IconMessages, IconTool, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasSeenTour } from '../../../components/guided-tour';
import { ProjectStatusBadge } from '../../../components/project-status-badge';
import { projectQueryKey } from '../api/get-project';
import {
  defaultTabOf,
  PROJECT_TABS,
  type ProjectPanel,
  type ProjectPanelContext,
  type ProjectSlot,
  type ProjectTabValue,
} from '../lib/project-panels';
import { isSubmitOffered, ProjectActions } from './project-actions';
import { OFFICE_TOUR_COOKIE, OfficeTour, TOUR_TARGETS, TransmitTour } from './project-tours';
import { ToolsPanel } from './tools-panel';

export interface ProjectPanels {
  officePanel: ProjectPanel;
  personsPanel: ProjectPanel;
  documentsPanel: ProjectPanel;
  /** Issue 22: the pieces asked of each person; the tab shows only when the route gives it. */
  piecesPanel?: ProjectPanel;
  /** Issue 28: the messages of the file, and the unread count beside the tab's name. */
  messagesPanel?: ProjectPanel;
  messagesBadge?: ProjectSlot;
  /** Issue 26: the history of the file, for whoever may read some of it. */
  historyPanel?: ProjectPanel;
  /** Issue 12: the transfer button under the tabs and the transfer history in the Outils tab. */
  transferAction?: ProjectSlot;
  transferHistory?: ProjectSlot;
}

interface ProjectViewProps extends ProjectPanels {
  project: Project;
  viewer: Session | undefined;
}

/** The loaded project: header, the four tabs, the buttons under them and the help tours. */
export function ProjectView({
  project,
  viewer,
  officePanel,
  personsPanel,
  documentsPanel,
  piecesPanel,
  messagesPanel,
  messagesBadge,
  historyPanel,
  transferAction,
  transferHistory,
}: ProjectViewProps) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const showsHistory = historyPanel !== undefined && viewer !== undefined && canReadHistory(viewer, project);
  const [tab, setTab] = useState<ProjectTabValue>(() =>
    defaultTabOf(project, search, piecesPanel !== undefined, messagesPanel !== undefined, historyPanel !== undefined),
  );
  const [officeTourRunning, setOfficeTourRunning] = useState(false);
  const hasOffice = project.notary_office !== null;

  const replaceProject = (updated: Project) => queryClient.setQueryData(projectQueryKey(updated.id), updated);
  const context: ProjectPanelContext = {
    project,
    viewer,
    replaceProject,
    onOfficeChosen: (updated, firstChoice) => {
      replaceProject(updated);
      if (!firstChoice) return;
      // With its first office the file opens up: show where to continue (spec section 2, guided tours).
      setTab(PROJECT_TABS.documents);
      if (!hasSeenTour(OFFICE_TOUR_COOKIE)) setOfficeTourRunning(true);
    },
  };

  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Title order={1}>{project.name}</Title>
        {tab !== PROJECT_TABS.tools && <ProjectStatusBadge status={project.status} />}
      </Group>
      {/* WAI-ARIA tabs with manual activation: arrows move the focus, Enter or Space opens the tab (each loads data). */}
      <Tabs value={tab} onChange={(value) => value && setTab(value as ProjectTabValue)} keepMounted={false} activateTabWithKeyboard={false}>
        <Tabs.List aria-label="Sections du dossier">
          <Tabs.Tab value={PROJECT_TABS.office} leftSection={<IconBuildingBank size={16} aria-hidden />}>
            Office notarial
          </Tabs.Tab>
          {/* Personnes, Documents and Outils wait for an office (spec section 2). */}
          <Tabs.Tab
            value={PROJECT_TABS.persons}
            disabled={!hasOffice}
            data-tour={TOUR_TARGETS.personsTab}
            leftSection={<IconUsers size={16} aria-hidden />}
          >
            Personnes
          </Tabs.Tab>
          <Tabs.Tab
            value={PROJECT_TABS.documents}
            disabled={!hasOffice}
            data-tour={TOUR_TARGETS.documentsTab}
            leftSection={<IconFiles size={16} aria-hidden />}
          >
            Documents
          </Tabs.Tab>
          {piecesPanel && (
            <Tabs.Tab value={PROJECT_TABS.pieces} disabled={!hasOffice} leftSection={<IconChecklist size={16} aria-hidden />}>
              Pièces
            </Tabs.Tab>
          )}
          {messagesPanel && (
            <Tabs.Tab
              value={PROJECT_TABS.messages}
              disabled={!hasOffice}
              leftSection={<IconMessages size={16} aria-hidden />}
              rightSection={messagesBadge?.({ project, viewer })}
            >
              Messages
            </Tabs.Tab>
          )}
          {showsHistory && (
            <Tabs.Tab value={PROJECT_TABS.history} disabled={!hasOffice} leftSection={<IconHistory size={16} aria-hidden />}>
              Historique
            </Tabs.Tab>
          )}
          <Tabs.Tab
            value={PROJECT_TABS.tools}
            disabled={!hasOffice}
            data-tour={TOUR_TARGETS.toolsTab}
            leftSection={<IconTool size={16} aria-hidden />}
          >
            Outils
          </Tabs.Tab>
        </Tabs.List>
        {tab !== PROJECT_TABS.office && (
          <Stack mt="md">
            <ProjectActions project={project} viewer={viewer} tab={tab} transferAction={transferAction} />
          </Stack>
        )}
        <Tabs.Panel value={PROJECT_TABS.office} pt="md">
          {officePanel(context)}
        </Tabs.Panel>
        <Tabs.Panel value={PROJECT_TABS.persons} pt="md">
          {personsPanel(context)}
        </Tabs.Panel>
        <Tabs.Panel value={PROJECT_TABS.documents} pt="md">
          {documentsPanel(context)}
        </Tabs.Panel>
        {piecesPanel && (
          <Tabs.Panel value={PROJECT_TABS.pieces} pt="md">
            {piecesPanel(context)}
          </Tabs.Panel>
        )}
        {messagesPanel && (
          <Tabs.Panel value={PROJECT_TABS.messages} pt="md">
            {messagesPanel(context)}
          </Tabs.Panel>
        )}
        {showsHistory && historyPanel && (
          <Tabs.Panel value={PROJECT_TABS.history} pt="md">
            {historyPanel(context)}
          </Tabs.Panel>
        )}
        <Tabs.Panel value={PROJECT_TABS.tools} pt="md">
          <ToolsPanel />
          {transferHistory && <Stack mt="xl">{transferHistory({ project, viewer })}</Stack>}
        </Tabs.Panel>
      </Tabs>
      <OfficeTour run={officeTourRunning} onEnd={() => setOfficeTourRunning(false)} />
      {/* After the office tour, never on top of it: two tours at once would fight over the overlay. */}
      <TransmitTour run={!officeTourRunning && tab !== PROJECT_TABS.office && isSubmitOffered(project, viewer, tab)} />
    </Stack>
  );
}
