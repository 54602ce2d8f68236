import { empty, json, route, type RouteGroup } from '../kernel/api-routes';
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
    route({
      method: 'get',
      path: '/auth/config',
      summary: 'What the web needs to sign in',
      description: 'MSAL settings (Entra ID), or whether the dev sign-in picker is on.',
      access: 'public',
      response: json<AuthConfigResponse>('AuthConfigResponse'),
    }),
    route({
      method: 'get',
      path: '/auth/dev/people',
      summary: 'The people the dev sign-in picker offers',
      description: 'Active people by name. Dev sign-in only: 404 when it is off.',
      access: 'public',
      response: json<DevSignInPerson[]>('DevSignInPerson[]'),
      errors: [404],
    }),
    route({
      method: 'post',
      path: '/auth/dev/sign-in',
      summary: 'Sign in as a person (dev sign-in)',
      description: 'A 12-hour HS256 token. Dev sign-in only: 404 when it is off.',
      access: 'public',
      body: devSignInRequestSchema,
      status: 200,
      response: json<DevSignInResponse>('DevSignInResponse'),
      errors: [404],
    }),
    route({
      method: 'post',
      path: '/auth/logout',
      summary: 'Sign out',
      description: 'Ends the session: the token is refused (401) from now on.',
      access: 'signed-in-incl-auditor-writes',
      status: 204,
      response: empty,
    }),
    route({
      method: 'get',
      path: '/me',
      summary: 'Who is signed in',
      access: 'signed-in',
      response: json<MeResponse>('MeResponse'),
    }),
  ],
} satisfies RouteGroup;
