export * from './history-events';
export * from './history-chain';
export * from './history-masking';
export * from './history-permissions';
export * from './history-summaries';
export * from './history-days';
