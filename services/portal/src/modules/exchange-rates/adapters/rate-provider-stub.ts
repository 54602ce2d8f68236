import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local exchange-rate provider for tests: node http on 127.0.0.1 and a random port, answering
 * `GET /rates?base=USD[&date=YYYY-MM-DD]` from fixed answers (raw JSON text, so numbers stay as
 * written), and recording every request. `mode` makes it fail on purpose.
 */
export type StubMode = 'ok' | 'error' | 'hang' | 'garbage';

export interface RateProviderStub {
  /** EXCHANGE_RATES_URL for the adapter. */
  readonly url: string;
  /** Every request's path and query, in order. */
  readonly requests: string[];
  mode: StubMode;
  close(): Promise<void>;
}

/** answers: key `${BASE}` (latest) or `${BASE}@${date}` -> raw JSON body. */
export async function startRateProviderStub(answers: Record<string, string>): Promise<RateProviderStub> {
  const hanging = new Set<() => void>();
  const stub = {
    url: '',
    requests: [] as string[],
    mode: 'ok' as StubMode,
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    stub.requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://stub');
    if (stub.mode === 'hang') {
      hanging.add(() => response.destroy());
      return;
    }
    if (stub.mode === 'error') {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      return;
    }
    if (stub.mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>rates</html>');
      return;
    }
    const base = url.searchParams.get('base') ?? '';
    const date = url.searchParams.get('date');
    const body = answers[date ? `${base}@${date}` : base];
    if (url.pathname !== '/rates' || body === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"unknown"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}/rates`;
  stub.close = async () => {
    for (const end of hanging) end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return stub;
}
