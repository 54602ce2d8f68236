import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A body sent many times, with its compressed forms made once (sendCompressed). */
export interface KeptBody {
  readonly body: string | Buffer;
  /** Compressed on first demand, once. */
  gzip?: Promise<Buffer>;
  /** Brotli at its best quality takes a while: made in the background, sent once made. */
  brotliStarted?: boolean;
  brotli?: Buffer;
}

interface Serialised extends KeptBody {
  readonly etag: string;
}

/**
 * Answers a handler keeps (a cache hands the same object to many requests) are serialised once:
 * the JSON text, its ETag and its compressed forms are kept beside the object for as long as the
 * object lives. The ETag is set here, so Express neither stringifies nor hashes the body again
 * (it still answers 304 to a matching If-None-Match). A review page is ~450 kB of JSON, ~48 kB
 * gzipped and ~36 kB in brotli: the bytes, not the work, are what one process answering fifty
 * clients at once spends its time on. Brotli (quality 11, ~0.7 s on the thread pool) is made in
 * the background the first time a client accepts it; until then such a client gets gzip. The
 * object must hold no bigint.
 */
const serialised = new WeakMap<object, Serialised>();

function accepts(request: Request, encoding: 'gzip' | 'br'): boolean {
  const accepted = request.headers['accept-encoding'];
  return (
    typeof accepted === 'string' && new RegExp(`\\b${encoding}\\b(?!;q=0(\\.0*)?\\b)`, 'i').test(accepted)
  );
}

function startBrotli(kept: KeptBody): void {
  if (kept.brotliStarted) return;
  kept.brotliStarted = true;
  brotliAsync(kept.body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(kept.body),
    },
  }).then(
    (body) => (kept.brotli = body),
    // Gzip goes on serving; a failed compression is no reason to fail an answer.
    () => undefined,
  );
}

/** Sends `answer` as JSON (compressed when the client accepts it), serialised at most once per object. */
export async function sendKeptJson(request: Request, response: Response, answer: object): Promise<void> {
  let kept = serialised.get(answer);
  if (!kept) {
    const body = JSON.stringify(answer);
    kept = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    serialised.set(answer, kept);
  }
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('ETag', kept.etag);
  await sendCompressed(request, response, kept);
}

/**
 * Sends a kept body in the best encoding the client accepts that is made already (brotli once made
 * in the background, else gzip, made on first demand and kept), or as it is. The caller sets its
 * Content-Type (and any ETag or caching) first.
 */
export async function sendCompressed(request: Request, response: Response, kept: KeptBody): Promise<void> {
  response.setHeader('Vary', 'Accept-Encoding');
  if (accepts(request, 'br')) {
    if (kept.brotli) {
      response.setHeader('Content-Encoding', 'br');
      response.send(kept.brotli);
      return;
    }
    startBrotli(kept);
  }
  if (!accepts(request, 'gzip')) {
    response.send(kept.body);
    return;
  }
  kept.gzip ??= gzipAsync(kept.body);
  const body = await kept.gzip;
  response.setHeader('Content-Encoding', 'gzip');
  response.send(body);
}
