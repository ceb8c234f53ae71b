import http from 'node:http';

/**
 * One JSON POST on a connection of its own (no pooled socket a killed instance may have left
 * half-open): its status and Retry-After, status 0 when the connection failed or timed out.
 */
export const postOnce = (url: string, body: string, timeoutMs: number) =>
  new Promise<{ status: number; retryAfter?: string }>((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string,
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
