import type { MessengerConfig } from '../../config';
import { Errors } from '../../errors';

/**
 * A client of a WeCom-compatible API: `GET /cgi-bin/gettoken?corpid&corpsecret` for the app token (cached
 * until shortly before it expires) and `GET /cgi-bin/auth/getuserinfo?access_token&code` for the user id
 * behind a QR sign-in code.
 */
export class MessengerClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: MessengerConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get enabled(): boolean {
    return this.config.baseUrl !== '' && this.config.corpId !== '' && this.config.corpSecret !== '';
  }

  qrUrl(): string | null {
    if (!this.enabled) return null;
    return this.config.qrUrl || null;
  }

  async userIdForCode(code: string): Promise<string> {
    const token = await this.appToken();
    const body = await this.get('/cgi-bin/auth/getuserinfo', { access_token: token, code });
    if (body.errcode === 42001 || body.errcode === 40014) {
      this.token = null;
      const fresh = await this.appToken();
      return this.userIdFrom(await this.get('/cgi-bin/auth/getuserinfo', { access_token: fresh, code }));
    }
    return this.userIdFrom(body);
  }

  private userIdFrom(body: Record<string, unknown>): string {
    if (body.errcode !== 0) throw Errors.thirdParty(`getuserinfo ${String(body.errcode)} ${String(body.errmsg ?? '')}`.trim());
    const userId = body.userid ?? body.UserId;
    if (typeof userId !== 'string' || userId === '') throw Errors.thirdParty('getuserinfo: the code belongs to no member of the organisation');
    return userId;
  }

  private async appToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const body = await this.get('/cgi-bin/gettoken', { corpid: this.config.corpId, corpsecret: this.config.corpSecret });
    if (body.errcode !== 0 || typeof body.access_token !== 'string') throw Errors.thirdParty(`gettoken ${String(body.errcode)} ${String(body.errmsg ?? '')}`.trim());
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 7200;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 300) * 1000 };
    return this.token.value;
  }

  private async get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(path, this.config.baseUrl.endsWith('/') ? this.config.baseUrl : `${this.config.baseUrl}/`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw Errors.thirdParty(`${path}: ${(error as Error).message}`);
    }
    if (!response.ok) throw Errors.thirdParty(`${path}: HTTP ${response.status}`);
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      throw Errors.thirdParty(`${path}: the answer is not JSON`);
    }
  }
}
