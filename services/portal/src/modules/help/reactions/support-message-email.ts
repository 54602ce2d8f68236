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
