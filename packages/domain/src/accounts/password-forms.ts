/**
 * Where each form holding a password posts when the app's code has not run
 * yet (a prerendered page submitted before it woke up): its own page, by POST,
 * so the password travels in the body, never in an address that browsers,
 * proxies and logs keep. The server answers these posts by sending the
 * browser back to the page (303), reading nothing of the body.
 */
export const PASSWORD_FORM_ACTIONS = {
  login: '/login',
  signup: '/signup',
  resetPassword: '/resetpwd',
  profile: '/profile',
  admin: '/admin',
} as const;

export type PasswordFormPage = (typeof PASSWORD_FORM_ACTIONS)[keyof typeof PASSWORD_FORM_ACTIONS];
