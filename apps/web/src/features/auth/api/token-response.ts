import type { SignInAnswer } from '@notadoo/domain';

/** What the login and signup calls answer (the domain's schema of the answer). */
export type TokenResponse = SignInAnswer;
