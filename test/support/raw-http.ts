import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given over one connection and reads the answer until the server
 * closes it: for requests fetch cannot make (repeated headers, TRACE, broken HTTP, odd bytes).
 */
export function rawRequest(url: string, request: string | Buffer, options: { localAddress?: string } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

/** One HTTP/1.1 request with the given header lines (repeats allowed), closing the connection after it. */
export function requestText(method: string, path: string, headers: Array<[string, string]>, body?: string | Buffer): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers.map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')]);
}

export interface StalledResponse {
  status: number;
  headers: Record<string, string>;
  /** The whole body of an answer that is not a 200 (an error envelope); empty for a 200, whose body is never read. */
  body: string;
  /** The connection, left open: destroy it to leave. */
  socket: net.Socket;
}

/**
 * Sends one request and reads only the head of a 200 (the first bytes the socket brings), then
 * stops reading for good: a client that asked for a long answer and stalled, its connection left
 * open with the server's bytes piling up in the socket buffers. Any other answer is read whole.
 */
export function stalledRequest(url: string, request: string | Buffer): Promise<StalledResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer in 20 s')));
    socket.on('error', reject);
    const head = () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      return { status: Number(statusLine.split(' ')[1]), headers, rest: Buffer.concat(chunks).subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1')) };
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = head();
      if (!answer || answer.status !== 200) return;
      socket.off('data', onData);
      socket.pause();
      socket.setTimeout(0);
      resolve({ status: 200, headers: answer.headers, body: '', socket });
    };
    socket.on('data', onData);
    socket.on('end', () => {
      const answer = head();
      if (!answer) return reject(new Error('the connection closed before an answer'));
      // Connection: close, so the server ends the connection after an error envelope.
      resolve({ status: answer.status, headers: answer.headers, body: answer.rest.toString('utf8'), socket });
    });
    socket.write(request);
  });
}
