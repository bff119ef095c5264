import type { ServerResponse } from 'node:http';

/** Writes the platform's error body on a raw response (the proxy's error path has no Express helpers). */
export function sendJsonError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ success: false, message, code });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
