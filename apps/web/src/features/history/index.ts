/** The "Historique" tab of the project page. */
export { HistoryTab } from './components/history-tab';
