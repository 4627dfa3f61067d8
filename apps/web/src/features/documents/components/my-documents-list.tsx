import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { questionnairePath, statusLabel, type MyDocument } from '@notadoo/domain';
import { Link, useNavigate } from 'react-router';
import { useOpenFile } from '../api/open-file';
import { useMyDocuments } from '../api/get-my-documents';
import { contentOf, QUESTIONNAIRE_TITLES, sortDocuments } from '../lib/document-content';
import { FileDrawerEntry, QuestionnaireEntry } from './document-entries';

export const NO_OWN_DOCUMENT_TEXT = "Vous n'avez aucun document dans vos dossiers pour l'instant.";

interface ProjectDocuments {
  project: MyDocument['project'];
  entries: MyDocument[];
}

function byProject(documents: readonly MyDocument[]): ProjectDocuments[] {
  const groups = new Map<number, ProjectDocuments>();
  for (const entry of documents) {
    const group = groups.get(entry.project.id) ?? { project: entry.project, entries: [] };
    group.entries.push(entry);
    groups.set(entry.project.id, group);
  }
  return [...groups.values()].map((group) => {
    const order = sortDocuments(group.entries.map((e) => e.document)).map((d) => d.id);
    return { ...group, entries: [...group.entries].sort((a, b) => order.indexOf(a.document.id) - order.indexOf(b.document.id)) };
  });
}

/** `/mydocuments`: the user's own documents across their projects, to open or download. */
export function MyDocumentsList() {
  const { data, isPending, isError } = useMyDocuments();
  const navigate = useNavigate();
  const openFile = useOpenFile();

  if (isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Chargement" />
      </Center>
    );
  }
  if (isError) return <Text c="red.9">Impossible de charger vos documents pour l'instant.</Text>;
  if (data.length === 0) return <Text c="dimmed">{NO_OWN_DOCUMENT_TEXT}</Text>;

  return (
    <Stack gap="xl">
      {byProject(data).map(({ project, entries }) => (
        <Stack key={project.id} gap="sm" component="section" aria-labelledby={`my-documents-${project.id}`}>
          <Stack gap={0}>
            <Title order={2} size="h4" id={`my-documents-${project.id}`}>
              <Anchor component={Link} to={`/project/${project.id}/dashboard`} inherit>
                {project.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {statusLabel(project.status)}
            </Text>
          </Stack>
          {entries.map(({ document, participant }) => {
            const content = contentOf(document);
            if (!content) return null;
            if (content.kind === 'questionnaire') {
              const title = QUESTIONNAIRE_TITLES[content.docType];
              // The office travels as null: the questionnaire screen re-reads the project and takes its office there.
              const open = () =>
                void navigate(questionnairePath(project.id, content.docType), {
                  state: { document: content.item, docType: content.docType, owner: participant.id, office: null },
                });
              return <QuestionnaireEntry key={document.id} title={title} progress={content.item.progress} onOpen={open} />;
            }
            const drawer = content.drawer;
            return <FileDrawerEntry key={document.id} drawer={drawer} locked={false} onOpenFile={(index) => openFile(drawer.id, index)} />;
          })}
        </Stack>
      ))}
    </Stack>
  );
}
