/** The console's routes (hash routing under /admin/): sign-in, then the layout holding every screen. */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, RouterProvider, createHashRouter } from 'react-router';
import { ConsoleLayout } from './layout';
import { NotFound, RequireSession, ScreenGate } from './require-session';
import { SCREENS } from './screens';

// Its own chunk: a clerk with a session (most mornings) never loads the form's Select, Input and Form,
// which keeps the dashboard within its budget (bench:web, issue 25).
const SignInPage = lazy(() =>
  import('@admin/features/auth/pages/sign-in-page').then((m) => ({ default: m.SignInPage })),
);

const router = createHashRouter([
  {
    path: '/sign-in',
    element: (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
        <SignInPage />
      </Suspense>
    ),
  },
  {
    path: '/',
    element: (
      <RequireSession>
        <ConsoleLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...SCREENS.map((screen) => ({ path: screen.path, element: <ScreenGate screen={screen} /> })),
      { path: '*', element: <NotFound /> },
    ],
  },
]);

export const AppRouter = () => <RouterProvider router={router} />;
