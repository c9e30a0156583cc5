import { configFromArgs, HelpRequested, type ServerConfig } from './config';
import { backupDataDir, restoreDataDir } from './db/backup';
import { listen } from '.';

const USAGE = `Usage: npm run server -- [--port N] [--host H] [--data DIR] [--demo] [--interface-log-days N] [--trusted-proxies LIST]
       npm run server -- backup FILE [--data DIR]     (an embedded data folder, with no server running on it)
       npm run server -- restore FILE [--data DIR]
Environment: PORT, HOST, CONSOLE_DATA_DIR, DATABASE_URL, CONSOLE_TRANSPORT_SECRET,
CONSOLE_ADMIN_PASSWORD, CONSOLE_CLIENT_ID, CONSOLE_CLIENT_SECRET, CONSOLE_TRUSTED_PROXIES, CONSOLE_WXWORK_* (see README).`;

/** `backup FILE` or `restore FILE` on the PGlite data folder the options name. */
async function runDataCommand(command: 'backup' | 'restore', file: string, config: ServerConfig): Promise<void> {
  if (config.databaseUrl) throw new Error(`${command} works on an embedded data folder; back up a PostgreSQL server with pg_dump (see README)`);
  if (command === 'backup') {
    const { bytes } = await backupDataDir(config.dataDir, file);
    console.log(`Backed up ${config.dataDir} to ${file} (${bytes} bytes)`);
    return;
  }
  const { previous } = await restoreDataDir(file, config.dataDir);
  console.log(`Restored ${file} into ${config.dataDir}${previous ? `; the folder as it was is kept at ${previous}` : ''}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const command = args[0] === 'backup' || args[0] === 'restore' ? args[0] : null;
  let config;
  try {
    if (command && (!args[1] || args[1].startsWith('--'))) throw new Error(`${command} needs a FILE`);
    config = configFromArgs(command ? args.slice(2) : args);
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(USAGE);
      return;
    }
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (command) {
    try {
      await runDataCommand(command, args[1]!, config);
    } catch (error) {
      console.error(`${command} failed: ${(error as Error).message}`);
      process.exitCode = 1;
    }
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
