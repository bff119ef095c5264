import { connect } from 'node:net';

export interface RawHttpAnswer {
  /** 0 when the server closed the connection without answering. */
  status: number;
  headers: Record<string, string>;
  /** The body parsed as JSON when it is JSON, else the text. */
  body: unknown;
}

export interface RawHttpRequest {
  url: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body: Buffer | string;
  /** The Content-Length sent, when it should not be the body's real length (a body cut short). */
  contentLength?: number;
  /** Half-closes the connection after the body (the client stopped sending but still listens). */
  halfClose?: boolean;
}

/**
 * One HTTP/1.1 request written byte by byte on a socket, for what no HTTP client will send: a body
 * shorter than its Content-Length, a multipart form without its closing boundary, a client that
 * stops sending. Resolves with the answer once the server closes the connection (`Connection:
 * close`), or with status 0 when it closed without one.
 */
export function sendRawHttpRequest(request: RawHttpRequest): Promise<RawHttpAnswer> {
  const { hostname, port } = new URL(request.url);
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
  const head = [
    `${request.method ?? 'POST'} ${request.path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    `Content-Length: ${request.contentLength ?? body.length}`,
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      socket.write(Buffer.concat([Buffer.from(head), body]), () => {
        if (request.halfClose) socket.end();
      });
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after (or instead of) the answer: what came before it is the answer.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('utf8'))));
  });
}

function parseAnswer(text: string): RawHttpAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '' };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = text.slice(end + 4);
  const raw = /chunked/i.test(headers['transfer-encoding'] ?? '') ? dechunk(rest) : rest;
  let body: unknown = raw;
  if (headers['content-type']?.includes('json'))
    try {
      body = JSON.parse(raw);
    } catch {
      // Not the whole JSON: left as text for the test to show.
    }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

/** A chunked body's payload (chunk sizes in hex, each chunk followed by CRLF, a last chunk of 0). */
function dechunk(text: string): string {
  let out = '';
  for (let at = 0; at < text.length;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (lineEnd < 0 || !(size > 0)) break;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return out;
}
