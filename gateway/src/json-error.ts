import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

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

/** What Node answers a request it could not parse, as the platform's JSON error instead of an empty body. */
function clientErrorAnswer(code: string | undefined): [status: number, code: string, message: string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'HEADERS_TOO_LARGE', 'The address or headers of this request are too long.'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'PAYLOAD_TOO_LARGE', 'The request body is malformed or too large.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive. Please try again.'];
    default:
      return [400, 'BAD_REQUEST', 'The request could not be understood.'];
  }
}

/**
 * The server's `clientError` handler: a request Node could not parse (a URL or headers over the
 * limit, a malformed line, a request that never finished arriving) gets a JSON error and the
 * connection closes. As Node's own handler does, nothing is written when an answer is already under
 * way on the connection (it would corrupt it) or the socket cannot take it.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, code, message] = clientErrorAnswer(err.code);
  const body = JSON.stringify({ success: false, message, code });
  // Ended, then closed once the answer is handed to the system (a few hundred bytes: at once).
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
