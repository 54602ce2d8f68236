import type { QueryOf, ResponseOf, RouteAt } from '@portal/contracts';
import {
  ApiError,
  apiRequest,
  buildUrl,
  readError,
  type QueryValues,
  REQUEST_NOT_PROCESSED,
  type RequestOptions,
} from './api';
import { getSessionToken } from './session';

/**
 * Calls that carry files rather than JSON: multipart uploads and file downloads. They send the
 * same bearer token as `apiRequest`; on a 401 they let `apiRequest` renew the session (or end it)
 * through a cheap `GET /api/me`, then try once more with the fresh token.
 *
 * Typed from the route declarations as `apiRequest` is (@portal/contracts, `RouteAt`): a download
 * names a declared GET route that answers a file, with its declared query; an upload names a
 * declared POST route that takes a multipart body, and answers that route's declared type. The
 * path is any text to the compiler (so that `/api/x/${id}` keeps its shape); the argument after it
 * is where an undeclared or JSON route is refused (it becomes impossible to pass).
 */

type Method = 'GET' | 'POST';

/** The declared route a download reaches: a GET answering a file (never a JSON route). */
export type FileRouteAt<P extends string> =
  RouteAt<'GET', P> extends infer R
    ? R extends { readonly response: { readonly kind: 'file' } }
      ? R
      : never
    : never;

/** The declared route an upload reaches: a POST taking a multipart body (never a JSON one). */
export type UploadRouteAt<P extends string> =
  RouteAt<'POST', P> extends infer R
    ? R extends { readonly body: { readonly multipart: string } }
      ? R
      : never
    : never;

/** What a download of route(s) `R` may add: the route's declared query (keys as `apiRequest`'s). */
export interface FileOptions<R> {
  readonly query?: QueryValues<QueryOf<R>>;
  readonly signal?: AbortSignal;
}

/** The options argument of a download: impossible to pass when no file route is declared there. */
type FileArgs<R> = [R] extends [never]
  ? [options: { readonly 'no file download is declared for this path': never }]
  : [options?: FileOptions<R>];

/** The query argument of `downloadFile`, refused the same way. */
type DownloadQueryArgs<R> = [R] extends [never]
  ? [query: { readonly 'no file download is declared for this path': never }]
  : [query?: QueryValues<QueryOf<R>>];

/** The file argument of an upload: impossible to pass when no multipart upload is declared there. */
export type UploadedFile<R> = [R] extends [never]
  ? { readonly 'no multipart upload is declared for this path': never }
  : File;

interface FileCall {
  readonly method: Method;
  readonly path: string;
  readonly body?: FormData;
  readonly signal?: AbortSignal;
  /** A command's key when the caller keeps one (an upload queued offline); a fresh one otherwise. */
  readonly idempotencyKey?: string;
}

async function sendOnce(call: FileCall, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (call.method !== 'GET') headers['Idempotency-Key'] = call.idempotencyKey ?? crypto.randomUUID();
  try {
    return await fetch(call.path, {
      method: call.method,
      headers,
      body: call.body,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: call.signal,
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new ApiError(0, REQUEST_NOT_PROCESSED, [], false);
  }
}

async function sendFileCall(call: FileCall): Promise<Response> {
  let response = await sendOnce(call, getSessionToken());
  if (response.status === 401) {
    // apiRequest renews the token or ends the session (and throws) on a second 401.
    await apiRequest('GET', '/api/me');
    response = await sendOnce(call, getSessionToken());
  }
  if (!response.ok) throw await readError(response);
  return response;
}

/** The file name from `Content-Disposition` (RFC 6266 `filename*` first), or the fallback. */
export function fileNameFrom(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The multipart body of an upload: the one file in the field `file` (as every upload route reads it). */
export function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/**
 * GET a declared file route with the bearer token (and its declared query): the answer, to read as
 * a blob or show. A JSON route or an undeclared path does not compile.
 */
export function fetchFile<P extends string>(
  path: P,
  ...[options]: FileArgs<FileRouteAt<P>>
): Promise<Response> {
  const { query, signal } = (options ?? {}) as Pick<RequestOptions, 'query' | 'signal'>;
  return sendFileCall({ method: 'GET', path: buildUrl(path, query), signal });
}

/**
 * POST one file (field `file`) to a declared multipart route; resolves with the route's declared
 * answer. A route that takes no upload, or an undeclared path, does not compile.
 */
export async function uploadFile<P extends string>(
  path: P,
  file: UploadedFile<UploadRouteAt<P>>,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<ResponseOf<UploadRouteAt<P>>> {
  const body = fileForm(file as File);
  const response = await sendFileCall({ method: 'POST', path, body, signal, idempotencyKey });
  return (await response.json()) as ResponseOf<UploadRouteAt<P>>;
}

/**
 * GET a declared file route with the bearer token and save it under the server's name (or
 * `fallbackName`); `query` is the route's declared query.
 */
export async function downloadFile<P extends string>(
  path: P,
  fallbackName: string,
  ...[query]: DownloadQueryArgs<FileRouteAt<P>>
): Promise<string> {
  const response = await sendFileCall({
    method: 'GET',
    path: buildUrl(path, query as RequestOptions['query']),
  });
  const fileName = fileNameFrom(response, fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
