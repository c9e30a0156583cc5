/**
 * One server for the bench, in its own process so that the load generator does not share its event loop:
 *   serve.ts console DATA_DIR   the product's server on PGlite (seeded), or on DATABASE_URL when set
 *   serve.ts bare               a bare Fastify route answering the same envelope shape
 * Prints the URL as its first line.
 */
import Fastify from 'fastify';
import { configFromEnv } from '../src/server/config';
import { listen } from '../src/server';

const [mode, dataDir] = process.argv.slice(2);

if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ code: '00000', msg: 'success', data: [] }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
} else if (mode === 'console' && dataDir) {
  // A standalone server: it takes DATABASE_URL from the environment, which the embedded one never does.
  const server = await listen(configFromEnv(process.env, { host: '127.0.0.1', port: 0, dataDir, quiet: true }));
  process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
  console.log(server.url);
} else {
  console.error('usage: serve.ts console DATA_DIR | bare');
  process.exit(2);
}
