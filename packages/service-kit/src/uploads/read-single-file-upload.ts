import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { AppError } from '../errors';

export interface SingleFileUploadOptions {
  /** The one form field that carries the file (the spec's `poster`). */
  field: string;
  /** The largest file accepted, in bytes; a larger one is answered 413 PAYLOAD_TOO_LARGE. */
  maxBytes: number;
  /** What the user is told when no file was sent (the spec's 'Please select a poster to upload.'). */
  missingMessage?: string;
  /** Text fields allowed beside the file (each at most 10 KB). */
  maxFields?: number;
}

export interface UploadedFile {
  field: string;
  /** As the client named it: for display only, never for deciding what the file is. */
  filename: string;
  /** As the client declared it: never trusted, the content decides (see image-upload.ts). */
  declaredType: string;
  bytes: Buffer;
}

export interface SingleFileUpload {
  file: UploadedFile;
  fields: Record<string, string>;
}

/** Room for the multipart framing and the text fields on top of the file itself. */
const FRAMING_ALLOWANCE_BYTES = 64 * 1024;
const FIELD_MAX_BYTES = 10 * 1024;

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The body ended before the multipart form did: what a cut or truncated upload is answered. */
const truncated = () =>
  new AppError(400, 'UPLOAD_INCOMPLETE', 'The upload ended before the whole file arrived. Please try again.');

export function payloadTooLarge(maxBytes: number): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is too large: at most ${formatBytes(maxBytes)}.`);
}

/**
 * Reads a multipart/form-data request that carries one file in one named field (busboy, streamed,
 * held in memory up to `maxBytes`). Works on any Node request (Express's included). Refuses with an
 * AppError: 415 when the request is not multipart, 413 when the declared length or the file itself
 * is over the cap (counted while streaming, so a lying Content-Length changes nothing), 400 when the
 * file is missing, comes in another field, or the body is malformed. On refusal the rest of the body
 * is drained, so the client reads the answer instead of a reset connection.
 */
export function readSingleFileUpload(
  req: IncomingMessage,
  options: SingleFileUploadOptions,
): Promise<SingleFileUpload> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    return Promise.reject(new AppError(415, 'NOT_MULTIPART', 'Send the file as multipart/form-data.'));
  const declaredLength = Number(req.headers['content-length']);
  if (declaredLength > options.maxBytes + FRAMING_ALLOWANCE_BYTES) {
    req.resume();
    return Promise.reject(payloadTooLarge(options.maxBytes));
  }

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: options.maxBytes,
          files: 1,
          fields: options.maxFields ?? 10,
          fieldSize: FIELD_MAX_BYTES,
          parts: (options.maxFields ?? 10) + 1,
        },
      });
    } catch {
      // No boundary, or a boundary busboy cannot use.
      reject(new AppError(400, 'MALFORMED_MULTIPART', 'The upload could not be read.'));
      return;
    }

    const fields: Record<string, string> = {};
    let file: UploadedFile | undefined;
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      // The parser is left as it is (never destroyed here: fail can run inside its own write, and
      // busboy does not survive being destroyed there); the rest of the body is drained so the
      // client reads the answer instead of a reset connection.
      req.unpipe(parser);
      req.resume();
      reject(error);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== options.field) {
        stream.on('error', () => fail(truncated()));
        stream.resume();
        fail(new AppError(400, 'UNEXPECTED_FILE_FIELD', `Send the file in the "${options.field}" field.`));
        return;
      }
      const chunks: Buffer[] = [];
      // A body that ends inside the file (no closing boundary, or a client that stopped sending)
      // fails the file stream: without this listener the process dies on an unhandled 'error'.
      stream.on('error', () => fail(truncated()));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        stream.resume();
        fail(payloadTooLarge(options.maxBytes));
      });
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // A form submitted with no file chosen still sends the part: no name, no bytes.
        if (bytes.length === 0 && !info.filename) return;
        file = { field: name, filename: info.filename ?? '', declaredType: info.mimeType, bytes };
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        fail(new AppError(413, 'PAYLOAD_TOO_LARGE', `The field "${name}" is too long.`));
      else fields[name] = value;
    });
    parser.on('filesLimit', () =>
      fail(new AppError(400, 'TOO_MANY_FILES', `Send one file, in the "${options.field}" field.`)),
    );
    parser.on('fieldsLimit', () =>
      fail(new AppError(400, 'TOO_MANY_FIELDS', 'The upload has too many fields.')),
    );
    parser.on('partsLimit', () =>
      fail(new AppError(400, 'TOO_MANY_FIELDS', 'The upload has too many fields.')),
    );
    parser.on('error', (error: Error) =>
      fail(
        /^Unexpected end of/.test(error.message)
          ? truncated()
          : new AppError(400, 'MALFORMED_MULTIPART', 'The upload could not be read.'),
      ),
    );
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (!file)
        reject(
          new AppError(
            400,
            'FILE_REQUIRED',
            options.missingMessage ?? `Choose a file to upload in "${options.field}".`,
          ),
        );
      else resolve({ file, fields });
    });
    // The client went away before its body was complete (reset, or half-closed mid-body): nobody
    // may be left to read the answer, but the promise settles and nothing is kept.
    const aborted = () => fail(new AppError(400, 'UPLOAD_ABORTED', 'The upload was interrupted.'));
    req.on('error', aborted);
    req.on('close', () => {
      if (!req.complete) aborted();
    });
    req.pipe(parser);
  });
}
