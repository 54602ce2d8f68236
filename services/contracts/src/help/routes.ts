import { signedIn, json, type RouteGroup } from '../kernel/api-routes';
import { supportMessageRequestSchema, type SupportMessageResponse } from '../help';
import type { OutboxMail } from '../help';

/** The help routes, as the API serves them (see kernel/api-routes.ts). */
export const helpRoutes = {
  tag: 'help',
  description: 'Support messages, and the outbox of mails the portal sent. docs/api.md, Help; Outbox.',
  routes: [
    signedIn('POST /help/support-messages', json<SupportMessageResponse>('SupportMessageResponse'), {
      summary: 'Send a message to support',
      body: supportMessageRequestSchema,
      errors: [429],
    }), // modules/help/help.controller.ts#send
    signedIn('GET /admin/outbox', json<OutboxMail[]>('OutboxMail[]'), {
      summary: 'The mails the portal sent',
      description: 'Admins only, each within their scope: the query checks (403 otherwise).',
    }), // platform/mail/outbox.controller.ts#list
  ],
} satisfies RouteGroup;
