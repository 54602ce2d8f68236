import type { QueryOf, ResponseOf } from '@portal/contracts';
import {
  apiRequest,
  ApiError,
  buildUrl,
  errorFromBody,
  REQUEST_NOT_PROCESSED,
  REQUEST_TIMEOUT_MS,
  type QueryValues,
  type RequestOptions,
} from './api';
import { fileForm, type UploadedFile, type UploadRouteAt } from './downloads';
import { getSessionToken } from './session';

/**
 * A multipart upload of one file (field `file`) that reports its progress (0 to 100). fetch cannot
 * tell how much of a body has been sent, so this one call uses XMLHttpRequest; otherwise it behaves
 * like `sendFileCall`: the bearer token, a fresh Idempotency-Key, one retry after a renewed session,
 * the server's message and field problems as an ApiError. Typed as `uploadFile` is: the path must be
 * a declared multipart route, and the answer is that route's declared type; `query` is the route's
 * declared query (a data import's kind).
 */
function sendOnce(path: string, file: File, onProgress: (percent: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.timeout = REQUEST_TIMEOUT_MS;
    const token = getSessionToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Idempotency-Key', crypto.randomUUID());
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve(request);
    request.onerror = () => reject(new ApiError(0, REQUEST_NOT_PROCESSED, [], false));
    request.ontimeout = request.onerror;
    request.send(fileForm(file));
  });
}

export async function uploadWithProgress<P extends string>(
  path: P,
  file: UploadedFile<UploadRouteAt<P>>,
  onProgress: (percent: number) => void,
  query?: QueryValues<QueryOf<UploadRouteAt<P>>>,
): Promise<ResponseOf<UploadRouteAt<P>>> {
  const url = buildUrl(path, query as RequestOptions['query']);
  let request = await sendOnce(url, file as File, onProgress);
  if (request.status === 401) {
    await apiRequest('GET', '/api/me');
    request = await sendOnce(url, file as File, onProgress);
  }
  if (request.status < 200 || request.status >= 300)
    throw errorFromBody(request.status, request.responseText);
  return JSON.parse(request.responseText) as ResponseOf<UploadRouteAt<P>>;
}
