/** What the login and signup calls answer. */
export interface TokenResponse {
  token: string;
}
