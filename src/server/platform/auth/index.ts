import { and, eq, ne } from 'drizzle-orm';
import { UserStatus } from '../../../shared/constants';
import { openTransportPassword } from '../../auth/passwords';
import { revokeFamily } from '../../auth/revoke';
import { user } from '../../db/schema';
import { Errors } from '../../errors';
import type { AreaHandlers } from '../../handler';
import { issueBindTicket, redeemBindTicket } from './bind-ticket';
import { createCaptcha } from './captcha';
import {
  authenticateClient,
  captchaNeeded,
  checkCredentials,
  completeSignIn,
  endFailureRunUnlessLocked,
  findClient,
  mustChangePassword,
  passwordSignIn,
  rotateRefreshToken,
  setNewPassword,
} from './sign-in';
import { SERVER_VERSION } from '../../version';

export const authHandlers: AreaHandlers<'auth'> = {
  async token(input, ctx) {
    if (input.grant_type === 'password') {
      return passwordSignIn(ctx, { clientId: input.client_id, clientSecret: input.client_secret, username: input.username, password: input.password, validCode: input.validCode, uuid: input.uuid });
    }
    const client = await authenticateClient(ctx.services.db, input.client_id, input.client_secret);
    return rotateRefreshToken(ctx.services, input.refresh_token, client);
  },

  async bindToken(input, ctx) {
    return passwordSignIn(
      ctx,
      { clientId: input.client_id, clientSecret: input.client_secret, username: input.username, password: input.password, validCode: input.validCode, uuid: input.uuid },
      async (tx, found, client) => {
        const wxWorkUserId = await redeemBindTicket(tx, input.bindTicket, client, ctx.services.now());
        const holder = await tx
          .select({ userId: user.userId })
          .from(user)
          .where(and(eq(user.wxWorkUserId, wxWorkUserId), ne(user.userId, found.userId)))
          .limit(1);
        if (holder[0]) throw Errors.caller('error.messengerAlreadyBound');
        await tx.update(user).set({ wxWorkUserId }).where(eq(user.userId, found.userId));
        await ctx.logChange(tx, { entryType: 'bind', content: { key: 'messenger.bind' }, operator: found, before: { wxWorkUserId: found.wxWorkUserId }, after: { wxWorkUserId } });
      },
    );
  },

  async newToken(input, ctx) {
    return rotateRefreshToken(ctx.services, input.refreshToken, null);
  },

  async captchaNeed(input, ctx) {
    const client = await findClient(ctx.services.db, input.clientId);
    return { needShow: await captchaNeeded(ctx.services.db, client, input.username) };
  },

  async needShowCode(input, ctx) {
    const client = await findClient(ctx.services.db, input.clientId);
    return { needShow: await captchaNeeded(ctx.services.db, client, input.username) };
  },

  async captcha(_input, ctx) {
    return createCaptcha(ctx.services.db, ctx.services.now(), ctx.services.captchaText);
  },

  async serverInfo() {
    return { version: SERVER_VERSION };
  },

  async messengerConfig(_input, ctx) {
    const { messenger, config } = ctx.services;
    return { enabled: messenger.enabled, qrUrl: messenger.qrUrl(), corpId: messenger.enabled ? config.messenger.corpId : null, agentId: messenger.enabled ? config.messenger.agentId || null : null };
  },

  async messengerUserInfo(input, ctx) {
    const { services } = ctx;
    const client = await authenticateClient(services.db, input.clientId, input.clientSecret);
    if (!services.messenger.enabled) throw Errors.caller('error.messengerDisabled');
    const wxWorkUserId = await services.messenger.userIdForCode(input.code);
    const bound = await services.db.select().from(user).where(eq(user.wxWorkUserId, wxWorkUserId)).limit(1);
    const found = bound[0];
    if (!found) return { wxWorkUserId, bindTicket: await issueBindTicket(services.db, wxWorkUserId, client, services.now()), token: null };
    if (found.status !== UserStatus.Enabled) throw Errors.userDisabled();
    if (mustChangePassword(found, client, services.now())) throw Errors.mustChangePassword();
    await endFailureRunUnlessLocked(services, found.username);
    return { wxWorkUserId: null, bindTicket: null, token: await completeSignIn(ctx, found, client) };
  },

  async firstChangePassword(input, ctx) {
    const { services } = ctx;
    const client = await findClient(services.db, input.clientId ?? services.config.clientId);
    const found = await checkCredentials(services, { client, username: input.username, sealedPassword: input.password, passwordField: 'password' });
    // Only an initial or expired password may be changed without a session: otherwise this would be a
    // second, session-less way to change any password whose holder is known.
    if (!client || !mustChangePassword(found, client, services.now())) throw Errors.caller('error.passwordChangeNotDue');
    const oldPlain = await openTransportPassword('password', input.password, services.config.transportSecret);
    await setNewPassword(services, found, oldPlain, input.newPassword, undefined, (tx) =>
      ctx.logChange(tx, {
        entryType: 'password',
        content: { key: 'password.initial', values: { username: found.username } },
        operator: found,
        before: { passwordChangedAt: found.passwordChangedAt },
        after: { passwordChangedAt: services.now() },
      }),
    );
    return null;
  },

  async logout(_input, ctx) {
    const session = ctx.requireSession();
    await revokeFamily(ctx.services, session.familyId, (tx) =>
      ctx.logChange(tx, { entryType: 'logout', content: { key: 'session.signOut', values: { username: session.username } }, before: null, after: null }),
    );
    return null;
  },
};
