/** The console's routes (hash routing under /admin/): sign-in, then the layout holding every screen. */
import { Navigate, RouterProvider, createHashRouter } from 'react-router';
import { SignInPage } from '@admin/features/auth/pages/sign-in-page';
import { ConsoleLayout } from './layout';
import { NotFound, RequireSession, ScreenGate } from './require-session';
import { SCREENS } from './screens';

const router = createHashRouter([
  { path: '/sign-in', element: <SignInPage /> },
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
