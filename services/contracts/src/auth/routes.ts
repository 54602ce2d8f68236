import { anyone, signedIn, routesFor, json, empty, type RouteGroup } from '../kernel/api-routes';
import {
  devFirstSignInRequestSchema,
  devSignInRequestSchema,
  type AuthConfigResponse,
  type DevSignInPerson,
  type DevSignInResponse,
  type MeAnswer,
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
    anyone('POST /auth/dev/first-sign-in', json<DevSignInResponse>('DevSignInResponse'), {
      summary: 'Sign in as someone not yet known (dev sign-in)',
      description:
        "A 12-hour HS256 token for a work e-mail no staff member has, as an Entra ID token of such a person: its requests go the first sign-in's way (GET /me answers the pending state). 403 'User is not allowed to login.' for a domain not allowed. Dev sign-in only: 404 when it is off.",
      body: devFirstSignInRequestSchema,
      status: 200,
      errors: [403, 404],
    }),
    routesFor('signed-in-incl-auditor-writes')('POST /auth/logout', empty, {
      summary: 'Sign out',
      description:
        'Ends the session: the token is refused (401) from now on. Someone awaiting access may call it too.',
      status: 204,
    }),
    signedIn('GET /me', json<MeAnswer>('MeAnswer'), {
      summary: 'Who is signed in',
      description:
        "A staff member (access 'granted'), or someone of an allowed domain whom no one has added yet (access 'pending': their first sign-in is recorded, every other route answers them 403).",
    }),
  ],
} satisfies RouteGroup;
