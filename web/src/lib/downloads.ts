import { ApiError, apiRequest, type FieldProblem, REQUEST_NOT_PROCESSED } from './api';
import { getSessionToken } from './session';

/**
 * Calls that carry files rather than JSON: a multipart upload and file downloads. They send the
 * same bearer token as `apiRequest`; on a 401 they let `apiRequest` renew the session (or end it)
 * through a cheap `GET /api/me`, then try once more with the fresh token.
 */

type Method = 'GET' | 'POST';

interface FileCall {
  readonly method: Method;
  readonly path: string;
  readonly body?: FormData;
  readonly signal?: AbortSignal;
}

async function sendOnce(call: FileCall, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (call.method !== 'GET') headers['Idempotency-Key'] = crypto.randomUUID();
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

/** The server's error body as an ApiError (its message and field problems when it sent them). */
export async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown; problems?: unknown };
    const problems = Array.isArray(body.problems)
      ? body.problems.filter(
          (p): p is FieldProblem => typeof p?.path === 'string' && typeof p?.message === 'string',
        )
      : [];
    const message =
      typeof body.message === 'string'
        ? body.message
        : Array.isArray(body.message)
          ? body.message.join(' ')
          : '';
    if (message) return new ApiError(response.status, message, problems);
    return new ApiError(response.status, REQUEST_NOT_PROCESSED, problems, false);
  } catch {
    return new ApiError(response.status, REQUEST_NOT_PROCESSED, [], false);
  }
}

export async function sendFileCall(call: FileCall): Promise<Response> {
  let response = await sendOnce(call, getSessionToken());
  if (response.status === 401) {
    // apiRequest renews the token or ends the session (and throws) on a second 401.
    await apiRequest('GET', '/api/me');
    response = await sendOnce(call, getSessionToken());
  }
  if (!response.ok) throw await errorFrom(response);
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

/** GET a file with the bearer token and save it under the server's name (or `fallbackName`). */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query: Record<string, string | number | null | undefined> = {},
): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const response = await sendFileCall({ method: 'GET', path: search ? `${path}?${search}` : path });
  const fileName = fileNameFrom(response, fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
