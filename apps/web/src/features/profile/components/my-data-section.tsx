import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { DATA_EXPORT_LINK_DAYS, type DataExportView } from '@notadoo/domain';
import { useState } from 'react';
import { readApiError } from '../../../api/api-error';
import { formatDateTime } from '../../../lib/format-date';
import { getDataExportLink, useDataExports, useRequestDataExport } from '../api/personal-data';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}

/** Where the copy stands: progress while it is built, the download once ready. */
function ExportState({ latest }: { latest: DataExportView }) {
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  if (latest.state === 'pending' || latest.state === 'running') {
    return (
      <Stack gap={4}>
        <Progress.Root size="lg">
          <Progress.Section value={latest.progress} aria-label="Préparation de la copie de mes données" animated />
        </Progress.Root>
        <Text size="sm" role="status">
          Préparation en cours : {latest.progress} %. Vous recevrez aussi un e-mail quand elle sera prête.
        </Text>
      </Stack>
    );
  }
  if (latest.state === 'failed') {
    return (
      <Alert color="red" role="alert">
        La préparation de votre copie a échoué. Merci d’en demander une nouvelle ; si cela se reproduit, contactez-nous.
      </Alert>
    );
  }
  if (latest.state === 'expired') return <Text size="sm">Votre dernière copie a expiré : vous pouvez en demander une nouvelle.</Text>;
  const download = async () => {
    setError(null);
    setOpening(true);
    try {
      const { url } = await getDataExportLink(latest.id);
      // The answer is an attachment: the browser saves it and the page stays.
      window.location.assign(url);
    } catch (failure) {
      setError(readApiError(failure).message);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" role="status">
        Votre copie est prête ({formatSize(latest.sizeBytes)}). Elle peut être téléchargée jusqu’au {formatDateTime(latest.expiresAt)}.
      </Text>
      <Button onClick={() => void download()} loading={opening}>
        Télécharger mes données (ZIP)
      </Button>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** "Mes données": a copy of everything the product holds about the person (GDPR art. 15, 20). */
export function MyDataSection() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const latest = exports.data?.[0];
  const underWay = latest?.state === 'pending' || latest?.state === 'running';
  return (
    <Stack gap="md">
      <Text size="sm">
        Téléchargez une copie de tout ce que nous conservons à votre sujet : votre compte, les dossiers auxquels vous participez, chaque
        questionnaire que vous avez rempli (JSON et CSV), les fichiers que vous avez envoyés et vos messages. La copie est préparée en
        arrière-plan ; le lien reste valable {DATA_EXPORT_LINK_DAYS} jours.
      </Text>
      {latest && <ExportState latest={latest} />}
      {!underWay && (
        <Group>
          <Button variant={latest?.state === 'ready' ? 'default' : 'filled'} loading={request.isPending} onClick={() => request.mutate()}>
            {latest ? 'Demander une nouvelle copie' : 'Demander une copie de mes données'}
          </Button>
        </Group>
      )}
      {request.isError && (
        <Alert color="red" role="alert">
          {readApiError(request.error).message}
        </Alert>
      )}
    </Stack>
  );
}
