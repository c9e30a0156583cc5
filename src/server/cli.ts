import { configFromArgs, HelpRequested } from './config';
import { listen } from './index';

const USAGE = `Usage: npm run server -- [--port N] [--host H] [--data DIR] [--demo]
Environment: PORT, HOST, CONSOLE_DATA_DIR, DATABASE_URL, CONSOLE_TRANSPORT_SECRET,
CONSOLE_ADMIN_PASSWORD, CONSOLE_CLIENT_ID, CONSOLE_CLIENT_SECRET, CONSOLE_WXWORK_* (see README).`;

async function main(): Promise<void> {
  let config;
  try {
    config = configFromArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(USAGE);
      return;
    }
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const server = await listen(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  console.log(`Back-office Console server ready at ${server.url}/api (data: ${where})`);
  if (server.firstAdminPassword) {
    console.log(`First administrator: admin, initial password ${server.firstAdminPassword} (shown this once; it must be changed at the first sign-in)`);
  }
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`Server failed to start: ${(error as Error).message}`);
  process.exit(1);
});
