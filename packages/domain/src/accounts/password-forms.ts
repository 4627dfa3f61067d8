import { CLIENT_ROUTES } from '../site/client-routes';

/**
 * Where each form holding a password posts when the app's code has not run
 * yet (a prerendered page submitted before it woke up): its own page, by POST,
 * so the password travels in the body, never in an address that browsers,
 * proxies and logs keep. The server answers these posts by sending the
 * browser back to the page (303), reading nothing of the body.
 */
export const PASSWORD_FORM_ACTIONS = {
  login: CLIENT_ROUTES.login,
  signup: CLIENT_ROUTES.signup,
  resetPassword: CLIENT_ROUTES.resetPassword,
  profile: CLIENT_ROUTES.profile,
  admin: CLIENT_ROUTES.admin,
} as const;

export type PasswordFormPage = (typeof PASSWORD_FORM_ACTIONS)[keyof typeof PASSWORD_FORM_ACTIONS];
