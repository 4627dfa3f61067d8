import { useSearchParams } from 'react-router';

export interface InvitationLink {
  invitation: string | undefined;
  email: string;
  firstName: string;
  lastName: string;
  /** Where signing up or in leads: the inviting project, else the dashboard. */
  landing: string;
}

/** The inviting project's page when the link carries an invitation and a project id, else the dashboard. */
export function landingAfterSignIn(params: URLSearchParams): string {
  const project = params.get('project');
  return params.get('invitation') && project && /^[1-9]\d{0,9}$/.test(project) ? `/project/${project}/dashboard` : '/dashboard';
}

/**
 * A project invitation mail links to /signup or /login with `invitation`,
 * `email`, the names the inviter typed and `project`: the form starts with
 * that address and those names, sends the token (the account is linked to the
 * project at once) and then opens the project.
 */
export function useInvitation(): InvitationLink {
  const [params] = useSearchParams();
  return {
    invitation: params.get('invitation') ?? undefined,
    email: params.get('email') ?? '',
    firstName: params.get('firstName') ?? '',
    lastName: params.get('lastName') ?? '',
    landing: landingAfterSignIn(params),
  };
}
