import { MESSAGES, refuseProjectFile } from '@notadoo/domain';
import { useState } from 'react';
import { readApiError } from '../api/api-error';

/** Statuses of the upload whose message says what is wrong with the file itself: it is then taken back. */
const FILE_REFUSED = [400, 413, 415];

/**
 * The file chosen in an upload dialog (Documents and Pièces), and why it
 * cannot be sent. The browser's check (type, size: the domain's rule) runs on
 * choosing, so nothing is sent for a file the server would refuse; the
 * server's refusal shows in the dialog too, and a refused file is taken back
 * so another can be picked. `statusesWithMessage` are the other statuses whose
 * message tells what to change (a piece accepted meanwhile).
 */
export function useProjectFile(statusesWithMessage: readonly number[] = []) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    const refusal = chosen ? refuseProjectFile(chosen) : null;
    setError(refusal);
    setFile(refusal ? null : chosen);
  };

  /** Shows why the server refused the upload; answers whether the dialog said more than the generic failure. */
  const showFailure = (failure: unknown): boolean => {
    const { status, message } = readApiError(failure);
    const refused = status !== null && FILE_REFUSED.includes(status);
    const explained = refused || status === 0 || (status !== null && statusesWithMessage.includes(status));
    if (refused) setFile(null);
    setError(explained ? message : MESSAGES.operationFailed);
    return explained;
  };

  return { file, error, choose, showFailure };
}
