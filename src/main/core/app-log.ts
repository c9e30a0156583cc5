import { join } from 'node:path';
import log from 'electron-log/node';
import { RecentErrors, rotateLogFiles } from './diagnostics';

/** Log files are rotated at this size, and this many archives are kept beside the current file. */
const LOG_MAX_BYTES = 5 * 1024 * 1024;
const LOG_ARCHIVES = 5;

export interface AppLogOptions {
  /** The platform's log folder (Electron's app.getPath('logs')). */
  folder: string;
  /** Values no kept error line may show. */
  secrets: () => string[];
  /** Routes console.* and uncaught errors into the file (the app; tests leave console alone). */
  captureConsole: boolean;
  maxBytes?: number;
}

export interface AppLog {
  file: string;
  recent: RecentErrors;
  write(level: 'info' | 'warn' | 'error', ...parts: unknown[]): void;
}

/**
 * The main process's log file, which the embedded server (running in this process, writing through console) shares,
 * rotated by size with `LOG_ARCHIVES` archives (electron-log's node logger: no IPC channel of its own). Warnings and
 * errors are also kept, redacted, for "copy diagnostics".
 */
export function startAppLog(options: AppLogOptions): AppLog {
  const recent = new RecentErrors(options.secrets);
  const file = join(options.folder, 'main.log');
  const logger = log.create({ logId: `console-${file}` });
  logger.transports.console.level = false;
  logger.transports.file.resolvePathFn = () => file;
  logger.transports.file.maxSize = options.maxBytes ?? LOG_MAX_BYTES;
  logger.transports.file.archiveLogFn = (oldLogFile) => rotateLogFiles(oldLogFile.path, LOG_ARCHIVES);
  logger.hooks.push((message, _transport, transportName) => {
    if (transportName === 'file' && (message.level === 'error' || message.level === 'warn')) {
      recent.add(message.level, message.data.map((part: unknown) => (part instanceof Error ? (part.stack ?? part.message) : String(part))).join(' '), message.date);
    }
    return message;
  });
  if (options.captureConsole) {
    // The terminal keeps console's own lines; the file has the timestamps and levels.
    logger.transports.console.level = 'silly';
    logger.transports.console.format = '{text}';
    Object.assign(console, logger.functions);
    logger.errorHandler.startCatching({ showDialog: false });
  }
  return { file, recent, write: (level, ...parts) => logger[level](...parts) };
}
