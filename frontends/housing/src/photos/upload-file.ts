import {
  operationKey,
  operationUrl,
  type AnswerOf,
  type ApiOperation,
} from '@campus/contracts/api-operation';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { checkAnswer, type ApiClient } from '@campus/web-kit/api-client';
import { ApiError, NETWORK_ERROR, unnamedErrorCode } from '@campus/web-kit/api-error';

/** An upload operation: a route that declares its multipart field (`upload`, from its `docs.upload`). */
type UploadOperation = ApiOperation;

const errorFromXhr = (xhr: XMLHttpRequest): ApiError => {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: string; message?: string; issues?: [] };
    if (body.code && body.message) return new ApiError(xhr.status, body.code, body.message, body.issues);
  } catch {
    // not the platform's error body
  }
  return new ApiError(xhr.status, unnamedErrorCode(xhr.status), xhr.statusText || 'Upload failed');
};

function send(
  operation: UploadOperation,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<XMLHttpRequest> {
  const field = operation.upload;
  if (!field) throw new Error(`${operationKey(operation)} declares no upload field`);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(operation.method, operationUrl(operation));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, 'Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(field, file);
    xhr.send(body);
  });
}

/**
 * (Kept in this remote, not in web-kit: the shell provides every web-kit module in its kit chunk,
 * which every screen downloads, and /register and /events sit at their download budgets.)
 *
 * Uploads one file to an upload operation (its declared multipart field) with its progress: fetch
 * cannot report an upload's progress, so this goes by XMLHttpRequest. An expired session is renewed
 * once through the API client (identityApi.refreshSession), as its own calls are; a refusal is an
 * ApiError with the service's sentence; the answer is checked against the operation's contract.
 */
export async function uploadFile<Op extends UploadOperation>(
  api: ApiClient,
  operation: Op,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<AnswerOf<Op>> {
  let xhr = await send(operation, file, onProgress, signal);
  if (xhr.status === 401) {
    await api.call(identityApi.refreshSession).catch(() => undefined);
    onProgress(0);
    xhr = await send(operation, file, onProgress, signal);
  }
  if (xhr.status < 200 || xhr.status >= 300) throw errorFromXhr(xhr);
  const answer = JSON.parse(xhr.responseText) as AnswerOf<Op>;
  checkAnswer(operationKey(operation), answer);
  return answer;
}
