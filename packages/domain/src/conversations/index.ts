// Messages inside a file (issue 28): threads, who reads them, payloads. Pure rules only.
export * from './thread-permissions';
export * from './thread-keys';
export * from './conversation-schemas';
export * from './message-files';
