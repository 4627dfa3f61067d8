/** Issue 27: the second factor's screens and dialog. */
export { SignInCodeForm } from './components/sign-in-code-form';
export { TotpSetupPanel } from './components/totp-setup-panel';
export { ReauthDialog } from './components/reauth-dialog';
export { SecuritySection } from './components/security-section';
