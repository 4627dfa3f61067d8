import { PROJECT_FILE_ACCEPT, PROJECT_FILE_HINT } from '@notadoo/domain';
import { FilePicker } from './file-picker';

interface ProjectFilePickerProps {
  disabled?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
}

/** The picker of a file sent into a project (Documents and Pièces): the formats and the size the domain allows. */
export function ProjectFilePicker(props: ProjectFilePickerProps) {
  return <FilePicker label="Fichier" description={PROJECT_FILE_HINT} accept={PROJECT_FILE_ACCEPT} {...props} />;
}
