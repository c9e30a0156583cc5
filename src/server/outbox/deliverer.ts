import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { SecretBox } from '../secrets/secret-box';

/** What a channel's deliverer may use: its settings live in the database (mail accounts, push providers), sealed. */
export interface DelivererContext {
  database: Database;
  config: ServerConfig;
  secrets: SecretBox;
  now: () => Date;
}
