import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  diagnosticForFileType,
  FILE_TYPES,
  fileTypeTitle,
  findDiagnosticRule,
  MESSAGES,
  type DiagnosticKind,
  type PieceRequestView,
  type Project,
} from '@notadoo/domain';
import { useState } from 'react';
import { getProjectPieces } from '../../../api/get-project-pieces';
import { ProjectFilePicker } from '../../../components/project-file-picker';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useProjectFile } from '../../../lib/use-project-file';
import { useSendPiece } from '../api/send-piece';
import { useSetReportDate } from '../api/set-report-date';
import { lastReview, latestVersion, reviewText } from '../lib/piece-display';
import { readReportFields, ReportDateFields, type ReportFields } from './report-date-form';
import { UploadProgress } from '../../../components/upload-progress';

const noop = () => {};
const ALL_FILE_TYPES = Object.keys(FILE_TYPES);

/** The diagnostic a file of this type answers for this piece, if any (the server records its date only then). */
function diagnosticOf(request: PieceRequestView, fileType: string | null): DiagnosticKind | undefined {
  const kind = fileType ? diagnosticForFileType(fileType) : undefined;
  return kind && findDiagnosticRule(kind).pieceIds.includes(request.pieceId) ? kind : undefined;
}

/**
 * Sends a file for a piece, with a progress bar (spec section 4: the modal
 * cannot be closed while it sends). The file goes into the owner's drawer of
 * the chosen type; a diagnostic's report date, when typed, is saved right after.
 */
export function SendPieceModal({ project, request, onClose }: { project: Project; request: PieceRequestView; onClose: () => void }) {
  const sendPiece = useSendPiece();
  const setReportDate = useSetReportDate();
  const fileTypes = request.fileTypes.length > 0 ? request.fileTypes : ALL_FILE_TYPES;
  const [fileType, setFileType] = useState<string | null>(fileTypes[0] ?? null);
  // 403: no longer allowed to send for this person; 409: the piece was accepted meanwhile.
  const { file, error: fileError, choose: chooseFile, showFailure } = useProjectFile([403, 409]);
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<ReportFields>({ reportDate: '', finding: null });
  const [reportErrors, setReportErrors] = useState<{ reportDate?: string; finding?: string }>({});
  const uploading = sendPiece.isPending || setReportDate.isPending;
  const diagnostic = diagnosticOf(request, fileType);
  const correction = request.state === 'to_correct' ? lastReview(request, 'to_correct') : undefined;
  const title = request.versions.length > 0 ? 'Envoyer une nouvelle version' : 'Envoyer la pièce';

  const saveReportDate = async (payload: NonNullable<ReturnType<typeof readReportFields>['payload']>) => {
    try {
      const pieces = await getProjectPieces(project.id);
      const version = latestVersion(pieces.requests.find((r) => r.id === request.id) ?? request);
      if (version?.diagnostic) await setReportDate.mutateAsync({ versionId: version.id, report: payload });
    } catch {
      notifyError("Le fichier est envoyé, mais la date du rapport n'a pas pu être enregistrée : indiquez-la sous la pièce.");
    }
  };

  const send = () => {
    if (!file || !fileType) return;
    // An empty date is fine: it can be given later, under the piece.
    const wantsDate = diagnostic !== undefined && report.reportDate.trim() !== '';
    const checked = wantsDate ? readReportFields(diagnostic, report) : null;
    setReportErrors(checked?.errors ?? {});
    if (checked && !checked.payload) return;
    setProgress(0);
    sendPiece.mutate(
      { project, requestId: request.id, participantId: request.participantId, fileType, file, onProgress: setProgress },
      {
        // saveReportDate says its own failure: this never rejects.
        onSuccess: () => {
          void (async () => {
            if (checked?.payload) await saveReportDate(checked.payload);
            notifySuccess(MESSAGES.operationSucceeded);
            onClose();
          })();
        },
        // The dialog says what the server refused; a failure it cannot explain is also the spec's toast.
        onError: (failure) => {
          if (!showFailure(failure)) reportFailure(failure);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={uploading ? noop : onClose}
      closeOnEscape={!uploading}
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
      title={title}
    >
      <Stack gap="md">
        <Text fw={600}>{request.label}</Text>
        {correction && (
          <Alert color="orange" title="À corriger">
            {reviewText(correction) || "L'office demande une nouvelle version."}
          </Alert>
        )}
        {fileTypes.length > 1 ? (
          <Select
            label="Type de document"
            data={fileTypes.map((value) => ({ value, label: fileTypeTitle(value) }))}
            value={fileType}
            onChange={setFileType}
            searchable={fileTypes.length > 8}
            allowDeselect={false}
            disabled={uploading}
            comboboxProps={{ withinPortal: false }}
          />
        ) : (
          <Text size="sm">Type de document : {fileTypeTitle(fileTypes[0] ?? '')}</Text>
        )}
        <ProjectFilePicker disabled={uploading} file={file} onChange={chooseFile} error={fileError} />
        {diagnostic && (
          <ReportDateFields kind={diagnostic} value={report} onChange={setReport} errors={reportErrors} disabled={uploading} />
        )}
        {sendPiece.isPending && <UploadProgress value={progress} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={uploading}>
            Annuler
          </Button>
          <Button onClick={send} loading={uploading} disabled={!file || !fileType}>
            Envoyer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
