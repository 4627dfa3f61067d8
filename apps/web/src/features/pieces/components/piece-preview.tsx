import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import type { Project } from '@notadoo/domain';
import { useFilePreviewUrl } from '../api/file-preview-url';
import { fileIndexIn } from '../lib/piece-drawer';
import { isPdf, type PieceVersionView } from '../lib/piece-display';

const PREVIEW_HEIGHT = 360;

/**
 * The latest file of a piece shown in the page for the office's review:
 * a PDF in an <object>, an image in an <img>, both read through the tokenized
 * download address (`generate_file_token`, then `get_file`).
 */
export function PiecePreview({ project, version }: { project: Project; version: PieceVersionView }) {
  const index = fileIndexIn(project, version.documentId, version.storedName);
  const url = useFilePreviewUrl(version.documentId, index);
  const label = `Aperçu de ${version.fileName}`;
  if (index < 0) {
    return (
      <Text size="sm" c="dimmed">
        Ce fichier a été retiré du dossier : aucun aperçu.
      </Text>
    );
  }
  if (url.isError) {
    return (
      <Text size="sm" c="dimmed">
        L'aperçu n'a pas pu être chargé.
      </Text>
    );
  }
  if (!url.data) {
    return (
      <Center h={80}>
        <Loader size="sm" role="status" aria-label={`Chargement de l'aperçu de ${version.fileName}`} />
      </Center>
    );
  }
  return (
    <Stack gap={4}>
      {isPdf(version.fileName) ? (
        <object data={url.data} type="application/pdf" width="100%" height={PREVIEW_HEIGHT} aria-label={label}>
          <Text size="sm">Votre navigateur ne sait pas afficher ce PDF ici.</Text>
        </object>
      ) : (
        <img
          src={url.data}
          alt={label}
          style={{ maxWidth: '100%', maxHeight: PREVIEW_HEIGHT, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      )}
      <Anchor href={url.data} target="_blank" rel="noopener noreferrer" size="sm">
        Ouvrir {version.fileName} dans un nouvel onglet
      </Anchor>
    </Stack>
  );
}
