/** What the login and signup calls answer. */
export interface TokenResponse {
  token: string;
  /** Issue 27, sign-in only: `required`, the token is partial and the code step comes next; `setup`, a factor must be set up first. */
  secondFactor?: 'required' | 'setup';
}
