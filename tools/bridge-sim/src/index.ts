export * from './bridge-sim';
export { defaultCaseFiles, searchCaseFiles, type CaseFile } from './case-files';
