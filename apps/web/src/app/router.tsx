import { CLIENT_ROUTES as R, QUESTIONNAIRE_DOC_TYPES, QUESTIONNAIRES, questionnaireRoutePath } from '@notadoo/domain';
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
const SecondFactorStepPage = lazyPage(() => import('./routes/account/second-factor-step'), 'SecondFactorStepPage');
const SecondFactorSetupPage = lazyPage(() => import('./routes/account/second-factor-setup'), 'SecondFactorSetupPage');
const SignupPage = lazyPage(() => import('./routes/account/signup'), 'SignupPage');
const QuestionnairePage = lazyPage(() => import('./routes/private/questionnaire'), 'QuestionnairePage');

const questionnaireRoutes: RouteObject[] = QUESTIONNAIRE_DOC_TYPES.map((docType) => QUESTIONNAIRES[docType].route).map((form) => ({
  path: questionnaireRoutePath(form),
  element: <QuestionnairePage form={form} />,
}));

/** The route table of spec section 2, with its guards; every path comes from the domain's CLIENT_ROUTES (the server's 404 reads the same list). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Login and signup: no header or footer.
        element: <BareLayout />,
        children: [
          { element: <RedirectIfSignedIn />, children: [{ path: R.login, element: <LoginPage /> }] },
          // Issue 27: the code step holds a partial token of its own; the setup needs the session's.
          { path: R.secondFactorStep, element: <SecondFactorStepPage /> },
          { element: <RequireAuth />, children: [{ path: R.secondFactorSetup, element: <SecondFactorSetupPage /> }] },
          // A signed-in user may still open the signup screen (spec section 2).
          { path: R.signup, element: <SignupPage /> },
          // The new-project wizard has its own header: title, back, close (spec section 2, header variants).
          { element: <RequireAuth />, children: [{ path: R.newProject, element: <NewProjectPage /> }] },
        ],
      },
      {
        // Questionnaires render their own page: the project-form header (back, and close which
        // saves the answers; spec section 2, header variants) needs the form's save.
        element: <RequireAuth />,
        children: [
          {
            path: R.project,
            element: <RequireProjectId />,
            children: [{ element: <RequireFormDocument />, children: questionnaireRoutes }],
          },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          // Public
          { path: R.home, element: <HomePage /> },
          { path: R.howItWorks, element: <HowItWorksPage /> },
          { path: R.legals, element: <LegalsPage /> },
          { path: R.notaryFees, element: <NotaryFeesPage /> },
          { path: R.network, element: <NetworkPresentationPage /> },
          { path: R.notaries, element: <NotariesMapPage /> },
          { path: R.office, element: <OfficePage /> },
          { path: R.contact, element: <ContactPage /> },
          { path: R.partners, element: <PartnersPage /> },
          { path: R.resetPasswordLink, element: <ResetPasswordRedirect /> },
          { path: R.resetPassword, element: <ResetPasswordPage /> },
          { path: R.emailConfirm, element: <EmailConfirmPage /> },
          // Public so that it can run after the token is gone (an expired session is sent here).
          { path: R.logout, element: <LogoutPage /> },
          // Private
          {
            element: <RequireAuth />,
            children: [
              { path: R.dashboard, element: <DashboardPage /> },
              { path: R.profile, element: <ProfilePage /> },
              { path: R.myDocuments, element: <MyDocumentsPage /> },
              {
                path: R.project,
                element: <RequireProjectId />,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: R.projectDashboard, element: <ProjectDashboardPage /> },
                ],
              },
              { element: <RequireAdmin />, children: [{ path: R.admin, element: <AdminPage /> }] },
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
