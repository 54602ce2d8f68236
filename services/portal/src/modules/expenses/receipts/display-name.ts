/**
 * The name a receipt is shown and downloaded under, made from the name the client sent. Never
 * used as a storage path (files are stored under generated keys): only the last path segment is
 * kept, control and reserved characters become '_', and the name always ends in '.pdf'.
 */
export const FALLBACK_RECEIPT_NAME = 'receipt.pdf';
const MAX_NAME_LENGTH = 120;

export function receiptDisplayName(clientName: string | undefined | null): string {
  const lastSegment = (clientName ?? '').split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+,&'-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[\s._-]+|[\s.]+$/g, '');
  if (!/\.pdf$/i.test(name)) name = name === '' ? '' : `${name}.pdf`;
  if (name === '' || /^\.pdf$/i.test(name)) return FALLBACK_RECEIPT_NAME;
  if (name.length > MAX_NAME_LENGTH) name = `${name.slice(0, MAX_NAME_LENGTH - 4).trimEnd()}.pdf`;
  return name;
}
