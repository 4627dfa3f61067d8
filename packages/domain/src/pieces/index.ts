// The pieces of a file (issue 22): asked of each person from the answers and
// roles, reviewed by the office, reminded until complete. Pure rules only.
export * from './piece-rules';
export * from './piece-states';
export * from './piece-requests';
export * from './french-date';
export * from './diagnostic-validity';
export * from './piece-schemas';
export * from './piece-progress';
export * from './piece-reminders';
export * from './missing-before-submit';
export * from './piece-permissions';
export * from './piece-counts';
