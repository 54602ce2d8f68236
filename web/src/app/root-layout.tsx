import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate } from 'react-router-dom';
import { authConfigQuery, renewEntraToken } from '../features/auth/session';
import { setTokenRenewal } from '../lib/api';
import { brandFor } from '../lib/brand';
import { useCurrentUser } from '../lib/current-user';
import { startSession } from '../lib/session';
import { ToastRegion } from '../ui/toast';
import { GlobalProgress } from './shell/global-progress';

/** Wraps every route: brand, client-side links for react-aria, progress bar and toasts. */
export function RootLayout() {
  const navigate = useNavigate();
  const current = useCurrentUser();
  const userType = current.status === 'signed-in' ? current.user.userType : undefined;
  const authConfig = useQuery(authConfigQuery);
  const entra = authConfig.data?.entra ?? null;

  useEffect(() => {
    const brand = brandFor(userType);
    document.documentElement.dataset.brand = brand.id;
    document.title = brand.portalName;
  }, [userType]);

  useEffect(() => {
    // On a 401 an Entra session is renewed silently; a dev session simply ends.
    setTokenRenewal(async () => {
      if (!entra) return null;
      const token = await renewEntraToken(entra);
      if (token) startSession(token);
      return token;
    });
  }, [entra]);

  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <GlobalProgress />
      <Outlet />
      <ToastRegion />
    </AriaRouterProvider>
  );
}
