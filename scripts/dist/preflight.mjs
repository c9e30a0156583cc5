// `npm run dist` runs this first: an installer without the OS keychain would keep every user's refresh token for
// one session only, so packaging stops when keytar (an optional dependency) did not build or does not load.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(import.meta.dirname, '..', '..', 'package.json'));
try {
  require('keytar');
} catch (error) {
  console.error(`npm run dist: keytar does not load (${error.message.split('\n')[0]}).`);
  console.error('Install a C toolchain and the keychain headers (Debian: apt-get install -y build-essential python3 libsecret-1-dev), then npm ci.');
  process.exit(1);
}
