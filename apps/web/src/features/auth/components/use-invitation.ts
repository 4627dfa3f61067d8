import { useSearchParams } from 'react-router';

/**
 * A project invitation mail links to /signup or /login with `invitation` and
 * `email`: the form starts with that address and sends the token, so the
 * account is linked to the project at once.
 */
export function useInvitation(): { invitation: string | undefined; email: string } {
  const [params] = useSearchParams();
  return { invitation: params.get('invitation') ?? undefined, email: params.get('email') ?? '' };
}
