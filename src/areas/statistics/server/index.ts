import type { AreaHandlers } from '../../../server/handler';
import { accessLog, accessMap, daySeries, endSession, monthSeries, onlineSessions, profile } from './statistics';

export const statisticsHandlers: AreaHandlers<'statistics'> = {
  async profile(_input, ctx) {
    return profile(ctx);
  },
  async accessMap(input, ctx) {
    return accessMap(ctx, input.date);
  },
  async day(input, ctx) {
    return daySeries(ctx, input.date);
  },
  async month(input, ctx) {
    return monthSeries(ctx, input.month);
  },
  async accessLog(input, ctx) {
    return accessLog(ctx, input.page, input.limit);
  },
  async sessions(input, ctx) {
    return onlineSessions(ctx, input.page, input.limit);
  },
  async endSession(input, ctx) {
    await endSession(ctx, input.familyId);
    return null;
  },
};
