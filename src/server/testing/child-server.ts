/**
 * A standalone server in a process of its own, for tests that need a second server process on the same
 * database: configured from the environment (DATABASE_URL, …) like `npm run server`, on 127.0.0.1 at a free
 * port. Prints its URL as its first line and stops on SIGTERM.
 */
import { configFromEnv } from '../config';
import { listen } from '..';

const server = await listen(configFromEnv(process.env, { host: '127.0.0.1', port: 0, quiet: true }));
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
console.log(server.url);
