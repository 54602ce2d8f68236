import { anyone, signedIn, routesFor, json, empty, type RouteGroup } from '../kernel/api-routes';
import {
  devSignInRequestSchema,
  type AuthConfigResponse,
  type DevSignInPerson,
  type DevSignInResponse,
  type MeResponse,
} from '../auth';

/** Sign-in and the signed-in person (platform/auth/auth.controller.ts; see kernel/api-routes.ts). */
export const authRoutes = {
  tag: 'auth',
  description: 'Sign-in settings, dev sign-in, signing out, and who is signed in (docs/api.md, Sign-in).',
  routes: [
    anyone('GET /auth/config', json<AuthConfigResponse>('AuthConfigResponse'), {
      summary: 'What the web needs to sign in',
      description: 'MSAL settings (Entra ID), or whether the dev sign-in picker is on.',
    }),
    anyone('GET /auth/dev/people', json<DevSignInPerson[]>('DevSignInPerson[]'), {
      summary: 'The people the dev sign-in picker offers',
      description: 'Active people by name. Dev sign-in only: 404 when it is off.',
      errors: [404],
    }),
    anyone('POST /auth/dev/sign-in', json<DevSignInResponse>('DevSignInResponse'), {
      summary: 'Sign in as a person (dev sign-in)',
      description: 'A 12-hour HS256 token. Dev sign-in only: 404 when it is off.',
      body: devSignInRequestSchema,
      status: 200,
      errors: [404],
    }),
    routesFor('signed-in-incl-auditor-writes')('POST /auth/logout', empty, {
      summary: 'Sign out',
      description: 'Ends the session: the token is refused (401) from now on.',
      status: 204,
    }),
    signedIn('GET /me', json<MeResponse>('MeResponse'), { summary: 'Who is signed in' }),
  ],
} satisfies RouteGroup;
