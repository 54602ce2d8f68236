import { json, route, type RouteGroup } from '../kernel/api-routes';
import { supportMessageRequestSchema, type SupportMessageResponse } from '../help';
import type { OutboxMail } from '../help';

/** The help routes, as the API serves them (see kernel/api-routes.ts). */
export const helpRoutes = {
  tag: 'help',
  description: 'Support messages, and the outbox of mails the portal sent. docs/api.md, Help; Outbox.',
  routes: [
    route({
      method: 'post',
      path: '/help/support-messages',
      summary: 'Send a message to support',
      access: 'signed-in',
      body: supportMessageRequestSchema,
      response: json<SupportMessageResponse>('SupportMessageResponse'),
      errors: [429],
    }), // modules/help/help.controller.ts#send
    route({
      method: 'get',
      path: '/admin/outbox',
      summary: 'The mails the portal sent',
      description: 'Admins only, each within their scope: the query checks (403 otherwise).',
      access: 'signed-in',
      response: json<OutboxMail[]>('OutboxMail[]'),
    }), // platform/mail/outbox.controller.ts#list
  ],
} satisfies RouteGroup;
