import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * Answers a handler keeps (a cache hands the same object to many requests) are serialised once:
 * the JSON text and its ETag are kept beside the object for as long as the object lives. The
 * Content-Type and ETag headers are set here, so Express neither stringifies nor hashes the body
 * again (it still answers 304 to a matching If-None-Match). The object must hold no bigint.
 */
const serialised = new WeakMap<object, { readonly text: string; readonly etag: string }>();

export function keptJson(response: Response, answer: object): string {
  let kept = serialised.get(answer);
  if (!kept) {
    const text = JSON.stringify(answer);
    kept = { text, etag: `W/"${createHash('sha1').update(text).digest('base64url')}"` };
    serialised.set(answer, kept);
  }
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('ETag', kept.etag);
  return kept.text;
}
