/** Issue 27: the second factor's screens and dialog. */
export { SignInCodeForm } from './components/sign-in-code-form';
export { TotpSetupPanel } from './components/totp-setup-panel';
export { ReauthDialog } from './components/reauth-dialog';
export { SecuritySection } from './components/security-section';
export { AddPasskeyForm } from './components/add-passkey-form';
export { PasskeyButton } from './components/passkey-sign-in-button';
export { PasskeysPanel } from './components/passkeys-panel';
export { reauthenticateWithPasskey, signInStepWithPasskey, signInWithPasskey } from './api/passkeys';
export { getSecondFactorStatus } from './api/second-factor';
