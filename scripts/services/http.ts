import http from 'node:http';

/**
 * A one-shot HTTP call that leaves no keep-alive socket behind (fetch's pool would hold
 * the jest process open for seconds after the run).
 */
export function httpCall(method: string, url: string, timeoutMs = 5000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`timeout calling ${url}`)));
    req.on('error', reject);
    req.end();
  });
}
