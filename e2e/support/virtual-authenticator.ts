import type { CDPSession, Page } from '@playwright/test';

/**
 * Issue 27: a passkey device for a journey. Chromium's DevTools WebAuthn
 * domain gives the page a virtual authenticator (CTAP2, built in like a
 * laptop's fingerprint reader, discoverable credentials, user verification
 * that always succeeds); the page's own navigator.credentials calls reach it.
 * It belongs to the page: its credentials live as long as the page does.
 */
export interface VirtualAuthenticator {
  session: CDPSession;
  authenticatorId: string;
  /** The credentials the device holds (one per passkey made on it). */
  credentials(): Promise<Array<{ credentialId: string; isResidentCredential: boolean; rpId?: string; signCount: number }>>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const session = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    session,
    authenticatorId,
    async credentials() {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}
