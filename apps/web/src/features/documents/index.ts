/** The Documents tab of the project page and the /mydocuments list. */
export { DocumentsTab } from './components/documents-tab';
export { MyDocumentsList } from './components/my-documents-list';
