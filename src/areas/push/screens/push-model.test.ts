import { describe, expect, it } from 'vitest';
import { PushAudience } from '../contract';
import { checkCompose, composePayload, NEW_COMPOSE, providerAddPayload, providerFormIssues, providerUpdatePayload, providerValuesOf } from './push-model';

const KEY = '7d431e42dfa6a6d693ac2d04';
const SECRET = '5e987ac6d2e04d95a9d8f0d1';

describe('the provider form', () => {
  it('asks for the Master Secret on add only, and checks it whenever one is typed', () => {
    const blank = { alias: 'App', appKey: KEY, apnsProduction: true, secret: '' };
    expect(providerFormIssues(blank, true)).toEqual({ secret: 'validation.required' });
    expect(providerFormIssues(blank, false)).toEqual({});
    expect(providerFormIssues({ ...blank, secret: 'abc' }, false)).toEqual({ secret: 'validation.pushMasterSecret' });
    expect(providerFormIssues({ ...blank, alias: '', appKey: 'x' }, false)).toEqual({ alias: 'validation.required', appKey: 'validation.pushAppKey' });
  });

  it('starts edit mode with an empty secret and sends one only when typed', () => {
    const record = { id: 4, alias: 'App', appKey: KEY, apnsProduction: false, secretSet: true, createName: 'admin', createTime: '2026-11-01T00:00:00.000Z', updateTime: null, version: 2 };
    const values = providerValuesOf(record);
    expect(values).toEqual({ alias: 'App', appKey: KEY, apnsProduction: false, secret: '' });
    expect(providerUpdatePayload(values, record)).toEqual({ alias: 'App', appKey: KEY, apnsProduction: false, id: 4, version: 2 });
    expect(providerUpdatePayload({ ...values, secret: ` ${SECRET} ` }, record)).toMatchObject({ secret: SECRET });
    expect(providerAddPayload({ alias: ' App ', appKey: KEY, apnsProduction: true, secret: SECRET })).toEqual({ alias: 'App', appKey: KEY, apnsProduction: true, secret: SECRET });
  });
});

describe('the push dialog', () => {
  it('names the audience problem with its values, as the screen words it', () => {
    const bad = checkCompose({ ...NEW_COMPOSE, audience: 'ok_1, no?, 也行', alert: 'Hi' }, 1);
    expect(bad.issues).toEqual({ audience: { key: 'push.problem.pushAliasCharacters', params: { count: 1, values: 'no?' } } });
    const tags = checkCompose({ audienceType: PushAudience.Tag, audience: Array.from({ length: 21 }, (_, i) => `t${i}`).join(','), title: '', alert: 'Hi' }, 1);
    expect(tags.issues.audience).toEqual({ key: 'push.problem.pushTagTooMany', params: { max: 20, count: 21 } });
    expect(checkCompose({ ...NEW_COMPOSE, alert: 'Hi' }, 1).issues.audience?.key).toBe('push.problem.pushAliasRequired');
  });

  it('de-duplicates, checks title and alert with the contract, and sends no values to everyone', () => {
    const values = { audienceType: PushAudience.Alias, audience: 'a1,a2\na1', title: 'x'.repeat(51), alert: '' };
    const checked = checkCompose(values, 1);
    expect(checked.parsed).toMatchObject({ values: ['a1', 'a2'], duplicates: ['a1'] });
    expect(checked.issues).toEqual({ title: { key: 'validation.pushTitleTooLong' }, alert: { key: 'validation.pushAlertRequired' } });
    const everyone = { audienceType: PushAudience.All, audience: 'left over', title: ' T ', alert: ' Hi ' };
    expect(checkCompose(everyone, 1).issues).toEqual({});
    expect(composePayload(everyone, 7)).toEqual({ providerId: 7, audienceType: 'all', audience: '', title: 'T', alert: 'Hi' });
  });
});
