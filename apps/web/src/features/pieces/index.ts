/** The Pièces tab of the project page (issue 22). */
export { PiecesTab } from './components/pieces-tab';
