/**
 * Reads the one file of an avatar upload. @fastify/multipart's parser (busboy) throws plain
 * Errors without a status for a malformed body — no boundary, a body cut short, broken part
 * headers — which would fall through to a 500; here every such error is the client's: 400.
 * Size limits keep their 413 (FST_REQ_FILE_TOO_LARGE and the part/field limits).
 */
import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '../../src/contract/limits';
import { HttpError, badRequest } from '../errors';

export const MALFORMED_UPLOAD_MESSAGE = 'The upload is not valid multipart/form-data.';
const SIZE_ERRORS = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function asClientError(error: unknown, tooLargeMessage: string): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, tooLargeMessage);
  if (typeof code === 'string' && SIZE_ERRORS.has(code)) return new HttpError(413, 'The upload has too many parts.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'Send the upload as multipart/form-data.');
  return badRequest(MALFORMED_UPLOAD_MESSAGE);
}

/** The bytes of the file in `field`, or a 4xx HttpError for anything the client sent wrong. */
export async function readUploadedFile(request: FastifyRequest, field: string, tooLargeMessage: string): Promise<Buffer> {
  try {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
    if (!part) throw badRequest('Choose an image to upload.');
    if (part.fieldname !== field) throw badRequest(`Send the image in a field named ${field}.`);
    return await part.toBuffer();
  } catch (error) {
    throw asClientError(error, tooLargeMessage);
  }
}
