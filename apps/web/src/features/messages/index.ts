/** The Messages tab of the project page (issue 28) and the unread count of its label. */
export { MessagesTab, MessagesUnreadBadge } from './components/messages-tab';
