import { withField, withFields, withoutInput, type AreaHandlers } from '../../../server/handler';
import { accessLog, accessMap, daySeries, endSession, monthSeries, onlineSessions, profile } from './statistics';

export const statisticsHandlers: AreaHandlers<'statistics'> = {
  profile: withoutInput(profile),
  accessMap: withField('date', accessMap),
  day: withField('date', daySeries),
  month: withField('month', monthSeries),
  accessLog: withFields('page', 'limit', accessLog),
  sessions: withFields('page', 'limit', onlineSessions),
  async endSession(input, ctx) {
    await endSession(ctx, input.familyId);
    return null;
  },
};
