import { QUESTIONNAIRE_DOC_TYPES, QUESTIONNAIRES } from '@notadoo/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RequireFormDocument } from './guards/require-form-document';
import { RequireProjectId } from './guards/require-project-id';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { LogoutPage } from './routes/account/logout';
import { ResetPasswordRedirect } from './routes/account/reset-password-redirect';
import { NotFoundPage } from './routes/not-found';
import { HomePage } from './routes/public/home';
import { RouteError } from './routes/route-error';
import { lazyPage } from './lazy-page';

// The home page, the usual first visit, loads at once; every other page is
// fetched when first shown (the forms' validation comes with the forms).
const EmailConfirmPage = lazyPage(() => import('./routes/account/email-confirm'), 'EmailConfirmPage');
const ResetPasswordPage = lazyPage(() => import('./routes/account/reset-password'), 'ResetPasswordPage');
const AdminPage = lazyPage(() => import('./routes/private/admin'), 'default');
const DashboardPage = lazyPage(() => import('./routes/private/dashboard'), 'DashboardPage');
const MyDocumentsPage = lazyPage(() => import('./routes/private/my-documents'), 'MyDocumentsPage');
const NewProjectPage = lazyPage(() => import('./routes/private/new-project'), 'NewProjectPage');
const ProfilePage = lazyPage(() => import('./routes/private/profile'), 'default');
const ProjectDashboardPage = lazyPage(() => import('./routes/private/project-dashboard'), 'ProjectDashboardPage');
const ContactPage = lazyPage(() => import('./routes/public/contact'), 'default');
const HowItWorksPage = lazyPage(() => import('./routes/public/how-it-works'), 'default');
const LegalsPage = lazyPage(() => import('./routes/public/legals'), 'default');
const NetworkPresentationPage = lazyPage(() => import('./routes/public/network-presentation'), 'default');
const NotariesMapPage = lazyPage(() => import('./routes/public/notaries-map'), 'NotariesMapPage');
const OfficePage = lazyPage(() => import('./routes/public/office'), 'OfficePage');
const NotaryFeesPage = lazyPage(() => import('./routes/public/notary-fees'), 'default');
const PartnersPage = lazyPage(() => import('./routes/public/partners'), 'default');
const LoginPage = lazyPage(() => import('./routes/account/login'), 'LoginPage');
const SignupPage = lazyPage(() => import('./routes/account/signup'), 'SignupPage');
const QuestionnairePage = lazyPage(() => import('./routes/private/questionnaire'), 'QuestionnairePage');

const questionnaireRoutes: RouteObject[] = QUESTIONNAIRE_DOC_TYPES.map((docType) => QUESTIONNAIRES[docType].route).map((form) => ({
  path: `form/${form}`,
  element: <QuestionnairePage form={form} />,
}));

/** The route table of spec section 2, with its guards. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Login and signup: no header or footer.
        element: <BareLayout />,
        children: [
          { element: <RedirectIfSignedIn />, children: [{ path: 'login', element: <LoginPage /> }] },
          // A signed-in user may still open the signup screen (spec section 2).
          { path: 'signup', element: <SignupPage /> },
          // The new-project wizard has its own header: title, back, close (spec section 2, header variants).
          { element: <RequireAuth />, children: [{ path: 'project/new', element: <NewProjectPage /> }] },
        ],
      },
      {
        // Questionnaires render their own page: the project-form header (back, and close which
        // saves the answers; spec section 2, header variants) needs the form's save.
        element: <RequireAuth />,
        children: [
          {
            path: 'project/:id',
            element: <RequireProjectId />,
            children: [{ element: <RequireFormDocument />, children: questionnaireRoutes }],
          },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          // Public
          { index: true, element: <HomePage /> },
          { path: 'how-it-works', element: <HowItWorksPage /> },
          { path: 'legals', element: <LegalsPage /> },
          { path: 'frais-de-notaire', element: <NotaryFeesPage /> },
          { path: 'le-reseau-notarial-notadoo', element: <NetworkPresentationPage /> },
          { path: 'notaries', element: <NotariesMapPage /> },
          { path: 'offices/:id', element: <OfficePage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'partners', element: <PartnersPage /> },
          { path: 'reset/password/:token', element: <ResetPasswordRedirect /> },
          { path: 'resetpwd', element: <ResetPasswordPage /> },
          { path: 'email/confirm', element: <EmailConfirmPage /> },
          // Public so that it can run after the token is gone (an expired session is sent here).
          { path: 'logout', element: <LogoutPage /> },
          // Private
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'mydocuments', element: <MyDocumentsPage /> },
              {
                path: 'project/:id',
                element: <RequireProjectId />,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', element: <ProjectDashboardPage /> },
                ],
              },
              { element: <RequireAdmin />, children: [{ path: 'admin', element: <AdminPage /> }] },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
