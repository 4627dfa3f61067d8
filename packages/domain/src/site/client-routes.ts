import { QUESTIONNAIRE_DOC_TYPES, QUESTIONNAIRES } from '../projects/participant-documents';

/**
 * Every address the web app shows a page for (spec section 2), written once:
 * the web router takes its paths from here, and the server answers 404 (with
 * the app's not-found page) for any page address that matches none of them.
 * A new screen is added here and routed with `CLIENT_ROUTES.<name>`.
 *
 * Paths are absolute; `:name` stands for one segment. `:id` is a project's or an
 * office's id, a positive integer (the router's `RequireProjectId` and the office
 * page show their not-found notice
 * page for anything else, so the server says 404 too).
 */
export const CLIENT_ROUTES = {
  home: '/',
  howItWorks: '/how-it-works',
  legals: '/legals',
  notaryFees: '/frais-de-notaire',
  network: '/le-reseau-notarial-notadoo',
  notaries: '/notaries',
  office: '/offices/:id',
  contact: '/contact',
  partners: '/partners',
  login: '/login',
  /** Issue 27: the sign-in's code step, and the second factor's setup (mandatory for office members and admins). */
  secondFactorStep: '/login/second-factor',
  secondFactorSetup: '/second-factor/setup',
  signup: '/signup',
  resetPasswordLink: '/reset/password/:token',
  resetPassword: '/resetpwd',
  emailConfirm: '/email/confirm',
  logout: '/logout',
  dashboard: '/dashboard',
  profile: '/profile',
  myDocuments: '/mydocuments',
  admin: '/admin',
  newProject: '/project/new',
  project: '/project/:id',
  projectDashboard: '/project/:id/dashboard',
} as const;

/** A questionnaire's screen (`route` as in `QUESTIONNAIRES`, e.g. `sale/house`). */
export function questionnaireRoutePath(route: string): string {
  return `${CLIENT_ROUTES.project}/form/${route}`;
}

/** Every routed path pattern: the named screens and the seven questionnaires. */
export const CLIENT_ROUTE_PATHS: readonly string[] = [
  ...Object.values(CLIENT_ROUTES),
  ...QUESTIONNAIRE_DOC_TYPES.map((docType) => questionnaireRoutePath(QUESTIONNAIRES[docType].route)),
];

/** What a parameter's segment must look like; others take any non-empty segment. */
const PARAMETER_FORMATS: Record<string, RegExp> = { id: /^[1-9]\d*$/ };

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const PATTERNS = CLIENT_ROUTE_PATHS.map(segmentsOf);

function matchesPattern(pattern: readonly string[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, index) => {
    const segment = segments[index]!;
    if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
    return PARAMETER_FORMATS[part.slice(1)]?.test(segment) ?? true;
  });
}

/**
 * Whether the web app has a page at this address (its path, without query).
 * Like the router: letters compared without case, one trailing slash ignored.
 */
export function isClientRoute(pathname: string): boolean {
  if (pathname.includes('//')) return false;
  const segments = segmentsOf(pathname);
  return PATTERNS.some((pattern) => matchesPattern(pattern, segments));
}
