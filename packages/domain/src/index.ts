import "./validation-locale";
export * from './accounts/roles';
export * from './accounts/password';
export * from './accounts/session';
export * from './offices/notary-office';
export * from './projects/status';
export * from './messages';
export * from './schemas/accounts';
