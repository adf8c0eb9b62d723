import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's own refusals, before any middleware runs, by parser error code. */
function refusalOf(error: NodeJS.ErrnoException): { status: number; code: string; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'headers_too_large', message: 'the request headers are larger than the server accepts' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', message: 'the request was not received in time' };
  return { status: 400, code: 'invalid_request', message: 'the request is not well-formed HTTP/1.1' };
}

/**
 * Answers what Node's HTTP parser refuses (oversized headers, malformed requests) in the
 * contract's error envelope instead of Node's bare text, where the socket still allows it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = refusalOf(error);
  const body = JSON.stringify({ error: { status, code, message, requestId: randomUUID() } });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Request line and headers Node reads before refusing with 431. Node's default (16 KB) is
 * less than the longest request the document allows: a 2,048-character cursor of 4-byte
 * characters percent-encodes to 24 KB, and it must reach the validator to be told why it is
 * refused.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** The HTTP server every entry point uses for the app: Node's own refusals in the envelope too. */
export function createHttpServer(handler: http.RequestListener): http.Server {
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, handler);
  server.on('clientError', answerClientError);
  return server;
}
