/** Transfer of the project's files to the office's drafting software (issue 12). */
export { TransferFilesButton } from './components/transfer-files-button';
export { TransferHistory } from './components/transfer-history';
