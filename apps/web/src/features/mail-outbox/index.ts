/** Administration: the failed mails of the outbox, and sending one again (mount in the admin page). */
export { FailedMails } from './components/failed-mails';
