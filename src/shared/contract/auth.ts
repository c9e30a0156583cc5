import { z } from 'zod';
import { rules } from '../rules';
import { endpoint } from './endpoint';
import type { EndpointNamesOf } from '../local-names';

/** Sign-in and session calls (spec 000 §4, §7, §8). */

/** A password as it travels: base64 of AES-256-GCM (IV ‖ ciphertext ‖ tag), see `src/shared/transport-crypto.ts`. */
export const encryptedPassword = z.string({ error: 'validation.required' }).min(1, { message: 'validation.required' }).max(512, { message: 'validation.tooLong' });

const clientId = z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(100, { message: 'validation.tooLong' });
const clientSecret = z.string({ error: 'validation.required' }).min(1, { message: 'validation.required' }).max(200, { message: 'validation.tooLong' });
const uuid = z.uuid({ message: 'validation.uuid' });

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

const passwordGrant = z.object({
  grant_type: z.literal('password'),
  client_id: clientId,
  client_secret: clientSecret,
  username: rules.loginUsername,
  password: encryptedPassword,
  validCode: z.string().trim().max(10, { message: 'validation.captchaFormat' }).optional(),
  uuid: uuid.optional(),
});

const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: clientId,
  client_secret: clientSecret,
  refresh_token: z.string({ error: 'validation.required' }).min(1, { message: 'validation.required' }).max(200, { message: 'validation.tooLong' }),
});

export const auth = {
  token: endpoint({
    service: 'auth',
    summary: 'Sign in or refresh (OAuth token)',
    summaryBy: { field: 'grant_type', summaries: { password: 'Sign in with a password (OAuth token)', refresh_token: 'Refresh the session (OAuth token)' } },
    method: 'POST',
    path: '/auth/oauth/token',
    rateLimit: { name: 'signIn', accountField: 'username' },
    access: 'public',
    encoding: 'form',
    mutation: false,
    input: z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant], { error: 'validation.grantType' }),
    output: tokenPair,
    secretOutput: true,
    secretFields: ['password', 'client_secret', 'refresh_token', 'validCode'],
  }),
  bindToken: endpoint({
    service: 'auth',
    summary: 'Sign in and bind the messenger account',
    method: 'POST',
    path: '/auth/oauth/bind-token',
    rateLimit: { name: 'signIn', accountField: 'username' },
    access: 'public',
    mutation: true,
    input: passwordGrant.omit({ grant_type: true }).extend({
      grant_type: z.literal('password').default('password'),
      /** The ticket the code exchange issued for the messenger account: the only thing that can bind it. */
      bindTicket: z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(100, { message: 'validation.tooLong' }),
    }),
    output: tokenPair,
    secretOutput: true,
    secretFields: ['password', 'client_secret', 'validCode', 'bindTicket'],
  }),
  newToken: endpoint({
    service: 'auth',
    summary: 'Exchange the refresh token for a new pair',
    method: 'POST',
    path: '/auth/oauth/new-token',
    rateLimit: { name: 'signIn' },
    access: 'public',
    encoding: 'form',
    mutation: false,
    input: z.object({
      refreshToken: z.string({ error: 'validation.required' }).min(1, { message: 'validation.required' }).max(200, { message: 'validation.tooLong' }),
    }),
    output: tokenPair,
    secretOutput: true,
    secretFields: ['refreshToken'],
  }),
  captchaNeed: endpoint({
    service: 'auth',
    summary: 'Whether the username must solve a captcha',
    method: 'POST',
    path: '/auth/captcha/need',
    access: 'public',
    mutation: false,
    input: z.object({ clientId, username: rules.loginUsername }),
    output: z.object({ needShow: z.boolean() }),
  }),
  needShowCode: endpoint({
    service: 'auth',
    summary: 'Whether the username must solve a captcha (query form)',
    method: 'GET',
    path: '/auth/captcha/need-show-code',
    access: 'public',
    input: z.object({ clientId, username: rules.loginUsername }),
    output: z.object({ needShow: z.boolean() }),
  }),
  captcha: endpoint({
    service: 'auth',
    summary: 'A new image captcha',
    method: 'GET',
    path: '/auth/captcha',
    rateLimit: { name: 'captcha' },
    access: 'public',
    mutation: false,
    input: z.object({}),
    output: z.object({ imageCode: z.string(), uuid: z.string() }),
  }),
  messengerUserInfo: endpoint({
    service: 'auth',
    summary: 'Exchange an enterprise-messenger code',
    method: 'POST',
    path: '/auth/wxwork/user-info',
    rateLimit: { name: 'messengerSignIn' },
    access: 'public',
    mutation: false,
    input: z.object({
      clientId,
      clientSecret,
      code: z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(512, { message: 'validation.tooLong' }),
    }),
    /**
     * A bound messenger account signs in (token); an unbound one gets its messenger id (to show) and a
     * short-lived ticket that a password sign-in redeems to bind it.
     */
    output: z.object({ wxWorkUserId: z.string().nullable(), bindTicket: z.string().nullable(), token: tokenPair.nullable() }),
    secretOutput: true,
    secretFields: ['clientSecret', 'code', 'bindTicket'],
  }),
  messengerConfig: endpoint({
    service: 'auth',
    summary: 'Where the messenger QR page lives',
    method: 'GET',
    path: '/auth/wxwork/config',
    access: 'public',
    input: z.object({}),
    output: z.object({ enabled: z.boolean(), qrUrl: z.string().nullable(), corpId: z.string().nullable(), agentId: z.string().nullable() }),
  }),
  serverInfo: endpoint({
    service: 'auth',
    summary: "The server's version (the desktop app's About and diagnostics)",
    method: 'GET',
    path: '/auth/server-info',
    access: 'public',
    input: z.object({}),
    output: z.object({ version: z.string() }),
  }),
  firstChangePassword: endpoint({
    service: 'auth',
    summary: 'Change the initial or expired password before signing in',
    method: 'POST',
    path: '/auth/password/first-change',
    rateLimit: { name: 'signIn', accountField: 'username' },
    access: 'public',
    input: z.object({ clientId: clientId.optional(), username: rules.loginUsername, password: encryptedPassword, newPassword: encryptedPassword }),
    output: z.null(),
    secretFields: ['password', 'newPassword'],
  }),
  logout: endpoint({
    service: 'auth',
    summary: 'Sign out',
    method: 'POST',
    path: '/auth/logout',
    access: 'session',
    input: z.object({}),
    output: z.null(),
  }),
} as const;

/** What interface monitoring, its filters and its export call each endpoint of auth, in the five locales. */
export const authNames: EndpointNamesOf<typeof auth> = {
  token: ['登录或刷新会话', 'Sign in or refresh session', 'Anmeldung oder Sitzung erneuern', 'ログインまたはセッション更新', '로그인 또는 세션 갱신'],
  bindToken: ['登录并绑定企业微信', 'Sign in and bind messenger', 'Anmeldung mit Messenger-Bindung', 'ログインしてメッセンジャー連携', '로그인 및 메신저 연결'],
  newToken: ['换取新令牌', 'Exchange refresh token', 'Token tauschen', 'リフレッシュトークン交換', '리프레시 토큰 교환'],
  captchaNeed: ['是否需要验证码', 'Captcha required?', 'Captcha nötig?', 'CAPTCHA要否', '캡차 필요 여부'],
  needShowCode: ['是否显示验证码', 'Show captcha?', 'Captcha zeigen?', 'CAPTCHA表示要否', '캡차 표시 여부'],
  captcha: ['获取图片验证码', 'Image captcha', 'Bild-Captcha', '画像CAPTCHA', '이미지 캡차'],
  messengerUserInfo: ['换取企业微信用户', 'Messenger user from code', 'Messenger-Nutzer abrufen', 'メッセンジャーユーザー取得', '메신저 사용자 조회'],
  messengerConfig: ['企业微信扫码配置', 'Messenger QR settings', 'Messenger-QR-Einstellungen', 'メッセンジャーQR設定', '메신저 QR 설정'],
  serverInfo: ['服务器版本', 'Server version', 'Serverversion', 'サーバーバージョン', '서버 버전'],
  firstChangePassword: ['修改初始或过期密码', 'Change initial or expired password', 'Erst- oder abgelaufenes Passwort ändern', '初期・期限切れパスワード変更', '초기·만료 비밀번호 변경'],
  logout: ['退出', 'Sign out', 'Abmelden', 'ログアウト', '로그아웃'],
};
