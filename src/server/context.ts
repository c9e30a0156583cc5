import { Header, type Locale } from '../shared/constants';
import { formatMessage } from '../shared/i18n/messages';
import type { Audit } from './audit/audit';
import type { Authz, HeldRole } from './auth/authz';
import type { SessionInfo, SessionStore } from './auth/session-store';
import type { ServerConfig } from './config';
import type { EndpointDef } from '../shared/contract/endpoint';
import { chainKeyOf } from './audit/chain';
import { operationRowOf, writeChangeIn, type ChangeRecord } from './audit/change-log';
import type { Db, Tx } from './db/client';
import { Errors } from './errors';
import type { Translations } from './i18n-text';
import type { MessengerClient } from './platform/auth/messenger';
import type { SecretBox } from './secrets/secret-box';

/** What every handler can reach: created once per server. */
export interface Services {
  db: Db;
  driver: 'pglite' | 'pg';
  config: ServerConfig;
  audit: Audit;
  sessions: SessionStore;
  authz: Authz;
  messenger: MessengerClient;
  translations: Translations;
  /** Seals and opens stored third-party secrets. */
  secrets: SecretBox;
  /** The outbox worker: woken when a call queued messages, so they go out now rather than at the next poll. */
  outbox: { wake(): void };
  /** Chooses captcha texts; random when absent. Tests set it to answer captchas. */
  captchaText?: () => string;
  /** The clock, so tests can move time (lockouts, expiry). */
  now(): Date;
}

/** One call: who, from where, in which language, in which role. */
export class CallContext {
  session: SessionInfo | null = null;
  /** The role of the `x-role-id` header, checked to be held by the user. */
  role: HeldRole | null = null;
  /** The endpoint called, set before its handler runs: its secret fields are redacted from logged changes. */
  endpoint: EndpointDef | null = null;
  /** Changes whose log rows were written in their own transactions (`logChange`). */
  changesLogged = 0;
  /** The caller's time zone as its `x-time-zone` header names it ('' when absent); `timeZoneOf` checks it. */
  timeZoneHeader = '';

  constructor(
    readonly services: Services,
    readonly locale: Locale,
    readonly ip: string,
    readonly deviceId: string,
    readonly deviceModel: string,
    readonly appId: string,
  ) {}

  requireSession(): SessionInfo {
    if (!this.session) throw Errors.unauthorized();
    return this.session;
  }

  requireRole(): HeldRole {
    if (!this.role) throw Errors.roleNotHeld();
    return this.role;
  }

  /** Checks that the signed-in user holds `roleId` (an id a call names must be in the caller's scope). */
  async heldRole(roleId: number): Promise<HeldRole> {
    const held = await this.services.authz.holds(this.requireSession().userId, roleId);
    if (!held) throw Errors.outOfScope('roleId');
    return held;
  }

  /** Writes the change's operation-log row in `tx`, the change's own transaction: both commit or neither does. */
  async logChange(tx: Tx, change: ChangeRecord): Promise<void> {
    await writeChangeIn(tx, operationRowOf(this, change, this.endpoint?.secretFields ?? []), chainKeyOf(this.services.secrets));
    this.changesLogged++;
  }

  /** The caller's time zone (IANA), UTC when it names none; a name Intl does not know is refused. */
  timeZone(): string {
    const zone = this.timeZoneHeader.trim();
    if (zone === '') return 'UTC';
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      throw Errors.invalid(Header.TimeZone, 'validation.timeZone', { zone: zone.slice(0, 64) });
    }
  }

  t(key: string, params: Record<string, string | number> = {}): string {
    return formatMessage(this.locale, key, params);
  }
}
