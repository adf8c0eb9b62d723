/** The baseline: a bare Koa app answering a small JSON body, on the same machine, in its own process. */
import http from 'node:http';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { data: { status: 'ok', version: '1.1' } };
});
const server = http.createServer(app.callback()).listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
