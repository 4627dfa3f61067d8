import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { RequireFormDocument } from './guards/require-form-document';
import { RequireProjectId } from './guards/require-project-id';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { EmailConfirmPage } from './routes/account/email-confirm';
import { LoginPage } from './routes/account/login';
import { LogoutPage } from './routes/account/logout';
import { ResetPasswordPage } from './routes/account/reset-password';
import { ResetPasswordRedirect } from './routes/account/reset-password-redirect';
import { SignupPage } from './routes/account/signup';
import { NotFoundPage } from './routes/not-found';
import { DashboardPage } from './routes/private/dashboard';
import { MyDocumentsPage } from './routes/private/my-documents';
import { NewProjectPage } from './routes/private/new-project';
import { ProjectDashboardPage } from './routes/private/project-dashboard';
import { QUESTIONNAIRE_TITLES, QuestionnairePage, type QuestionnaireRoute } from './routes/private/questionnaire';
import { HomePage } from './routes/public/home';
import { NotariesMapPage } from './routes/public/notaries-map';
import { RouteError } from './routes/route-error';

// Screens few visitors open are loaded on demand, so the first visit stays small.
const AdminPage = lazy(() => import('./routes/private/admin'));
const ProfilePage = lazy(() => import('./routes/private/profile'));
const ContactPage = lazy(() => import('./routes/public/contact'));
const HowItWorksPage = lazy(() => import('./routes/public/how-it-works'));
const LegalsPage = lazy(() => import('./routes/public/legals'));
const NetworkPresentationPage = lazy(() => import('./routes/public/network-presentation'));
const NotaryFeesPage = lazy(() => import('./routes/public/notary-fees'));
const PartnersPage = lazy(() => import('./routes/public/partners'));

function LazyPage({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Chargement" />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}

const questionnaireRoutes: RouteObject[] = (Object.keys(QUESTIONNAIRE_TITLES) as QuestionnaireRoute[]).map((form) => ({
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
          { path: 'how-it-works', element: <LazyPage page={HowItWorksPage} /> },
          { path: 'legals', element: <LazyPage page={LegalsPage} /> },
          { path: 'frais-de-notaire', element: <LazyPage page={NotaryFeesPage} /> },
          { path: 'le-reseau-notarial-notadoo', element: <LazyPage page={NetworkPresentationPage} /> },
          { path: 'notaries', element: <NotariesMapPage /> },
          { path: 'contact', element: <LazyPage page={ContactPage} /> },
          { path: 'partners', element: <LazyPage page={PartnersPage} /> },
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
              { path: 'profile', element: <LazyPage page={ProfilePage} /> },
              { path: 'mydocuments', element: <MyDocumentsPage /> },
              {
                path: 'project/:id',
                element: <RequireProjectId />,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', element: <ProjectDashboardPage /> },
                ],
              },
              { element: <RequireAdmin />, children: [{ path: 'admin', element: <LazyPage page={AdminPage} /> }] },
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
