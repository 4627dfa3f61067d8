import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { DocumentsTab } from '../../../features/documents';
import { OfficePicker } from '../../../features/offices/components/office-picker';
import { HistoryTab } from '../../../features/history';
import { MessagesTab, MessagesUnreadBadge } from '../../../features/messages';
import { PersonsTab } from '../../../features/people';
import { PiecesTab } from '../../../features/pieces';
import { ProjectPage } from '../../../features/project/components/project-page';
import type { ProjectPanel, ProjectSlot } from '../../../features/project/lib/project-panels';
import { TransferFilesButton, TransferHistory } from '../../../features/transfer';

const officePanel: ProjectPanel = ({ project, viewer, onOfficeChosen }) => (
  <OfficePicker project={project} viewer={viewer} onOfficeChosen={onOfficeChosen} />
);

const personsPanel: ProjectPanel = ({ project }) => <PersonsTab project={project} />;
const documentsPanel: ProjectPanel = ({ project }) => <DocumentsTab project={project} />;
const piecesPanel: ProjectPanel = ({ project }) => <PiecesTab project={project} />;
const messagesPanel: ProjectPanel = ({ project }) => <MessagesTab project={project} />;
const historyPanel: ProjectPanel = ({ project }) => <HistoryTab project={project} />;
const messagesBadge: ProjectSlot = ({ project }) => <MessagesUnreadBadge project={project} />;
const transferAction: ProjectSlot = ({ project, viewer }) => <TransferFilesButton project={project} viewer={viewer} />;
const transferHistory: ProjectSlot = ({ project, viewer }) => <TransferHistory project={project} viewer={viewer} />;

export function ProjectDashboardPage() {
  // RequireProjectId lets only positive integers through.
  const { id } = useParams();
  return (
    <Container size="lg" py="xl">
      <ProjectPage
        projectId={Number(id)}
        officePanel={officePanel}
        personsPanel={personsPanel}
        documentsPanel={documentsPanel}
        piecesPanel={piecesPanel}
        messagesPanel={messagesPanel}
        messagesBadge={messagesBadge}
        historyPanel={historyPanel}
        transferAction={transferAction}
        transferHistory={transferHistory}
      />
    </Container>
  );
}
