/**
 * What the outbox keeps and admins read in place of a support message's words: those stay sealed in
 * the `SupportMessageSent` event (erased with the sender's key) and go only to the support address.
 */
export const SUPPORT_MESSAGE_OUTBOX_TEXT = '(support message — delivered to the support address)';

/** The e-mail the support address receives: who wrote, when, and their message as they typed it. */
export function supportMessageEmail(
  sender: { readonly name: string; readonly address: string },
  sentAt: string,
  message: string,
): { subject: string; text: string } {
  return {
    subject: `Need Help? message from ${sender.name}`,
    text: [
      `${sender.name} <${sender.address}> wrote on the portal's Need Help? page at ${sentAt} (UTC).`,
      'Reply to this e-mail to answer them.',
      '',
      message,
      '',
    ].join('\n'),
  };
}
