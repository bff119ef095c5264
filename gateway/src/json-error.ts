import type { ServerResponse } from 'node:http';

/**
 * Writes the platform's error body on a raw response (the proxy's error path has no Express helpers).
 * An answer already under way is cut (the client sees it incomplete, never a second status line);
 * one already complete is left alone.
 */
export function sendJsonError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const body = JSON.stringify({ success: false, message, code });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
