import { operationKey, operationUrl, type AnswerOf } from '@campus/contracts/api-operation';
import { libraryApi } from '@campus/contracts/generated/library-api';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { BOOK_FILE_MAX_BYTES } from '@campus/contracts/library-rules';
import { checkAnswer, type ApiClient } from '@campus/web-kit/api-client';
import { ApiError, NETWORK_ERROR, unnamedErrorCode } from '@campus/web-kit/api-error';

/** What the form says of a chosen file before anything is sent: too large, or plainly not a PDF. */
export function pdfChoiceError(file: File): string | undefined {
  if (file.size > BOOK_FILE_MAX_BYTES)
    return `The file is too large: at most ${BOOK_FILE_MAX_BYTES / (1024 * 1024)} MB.`;
  // The server judges the content; this only saves sending a photo by mistake.
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'Only PDF files can be uploaded.';
  return undefined;
}

const errorFromXhr = (xhr: XMLHttpRequest): ApiError => {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: string; message?: string; issues?: [] };
    if (body.code && body.message) return new ApiError(xhr.status, body.code, body.message, body.issues);
  } catch {
    // not the platform's error body
  }
  return new ApiError(xhr.status, unnamedErrorCode(xhr.status), xhr.statusText || 'Upload failed');
};

function send(file: File, onProgress: (percent: number) => void): Promise<XMLHttpRequest> {
  const operation = libraryApi.uploadBookFile;
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
    const body = new FormData();
    body.append(operation.upload ?? 'file', file);
    xhr.send(body);
  });
}

/**
 * Uploads the notes' PDF (libraryApi.uploadBookFile) with its progress: fetch cannot report an
 * upload's progress, so this one call goes by XMLHttpRequest. An expired session is renewed once
 * through the API client, and the answer is checked against the operation's contract.
 */
export async function uploadBookFile(
  api: ApiClient,
  file: File,
  onProgress: (percent: number) => void,
): Promise<AnswerOf<typeof libraryApi.uploadBookFile>> {
  let xhr = await send(file, onProgress);
  if (xhr.status === 401) {
    await api.call(identityApi.refreshSession).catch(() => undefined);
    onProgress(0);
    xhr = await send(file, onProgress);
  }
  if (xhr.status < 200 || xhr.status >= 300) throw errorFromXhr(xhr);
  const answer = JSON.parse(xhr.responseText) as AnswerOf<typeof libraryApi.uploadBookFile>;
  checkAnswer(operationKey(libraryApi.uploadBookFile), answer);
  return answer;
}
