import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/constants';
import { Route } from '../../shared/routes';
import { createI18n, routeTitleKey } from '../i18n';
import { localeMessages } from './home-messages';
import { loadShellTexts } from './shell-loader';

const sharedDir = join(import.meta.dirname, '../../shared');
const areasDir = join(import.meta.dirname, '../../areas');

/** Every `validation.*` key the shared rules and contracts (the kernel's and each area's) can put in a message. */
function validationKeysUsedByShared(): string[] {
  const files = [
    join(sharedDir, 'rules.ts'),
    ...readdirSync(join(sharedDir, 'contract')).map((name) => join(sharedDir, 'contract', name)),
    ...readdirSync(areasDir).map((area) => join(areasDir, area, 'contract.ts')),
  ];
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'(validation\.[A-Za-z]+)'/g)) keys.add(match[1] as string);
  }
  return [...keys].sort();
}

describe('i18n catalogs', () => {
  let reference: string[] = [];
  beforeAll(async () => {
    reference = Object.keys(await localeMessages('zh_CN')).sort();
  });

  it.each(LOCALES)('%s has exactly the keys of zh_CN (and the singulars its language has), none of them empty', async (locale) => {
    const messages = await localeMessages(locale);
    const ones = Object.keys(messages).filter((key) => key.endsWith('_one'));
    expect(
      Object.keys(messages)
        .filter((key) => !key.endsWith('_one'))
        .sort(),
    ).toEqual(reference);
    expect(ones.filter((key) => !reference.includes(key.replace(/_one$/, '_other')))).toEqual([]);
    const empty = Object.entries(messages).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['en_US', 'de_DE'] as const)('%s words every counted text for one and for many', async (locale) => {
    const messages = await localeMessages(locale);
    const others = reference.filter((key) => key.endsWith('_other'));
    expect(others.length).toBeGreaterThan(20);
    expect(others.filter((key) => !(key.replace(/_other$/, '_one') in messages))).toEqual([]);
  });

  it('counts in the language: one row, many rows; zh_CN, ja_JP and ko_KR have one form', async () => {
    const i18n = await createI18n('en_US');
    await loadShellTexts(i18n);
    expect(i18n.t('operationLog.chain.intact', { count: 1 })).toBe('Chain intact, 1 row');
    expect(i18n.t('operationLog.chain.intact', { count: 3 })).toBe('Chain intact, 3 rows');
    await i18n.changeLanguage('de_DE');
    expect(i18n.t('sms.phonesCount', { count: 1 })).toBe('1 Nummer');
    expect(i18n.t('sms.phonesCount', { count: 0 })).toBe('0 Nummern');
    await i18n.changeLanguage('zh_CN');
    expect(i18n.t('sms.phonesCount', { count: 1 })).toBe((await localeMessages('zh_CN'))['sms.phonesCount_other']?.replace('{{count}}', '1'));
    await i18n.changeLanguage('ja_JP');
    expect(i18n.t('dictionary.childCount', { count: 1 })).toBe('1 件');
  });

  it('covers every validation message of the shared rules and contract', () => {
    const used = validationKeysUsedByShared();
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((key) => !reference.includes(key))).toEqual([]);
  });

  it('names every screen route', () => {
    const routes = Object.values(Route).filter((path) => ![Route.root, Route.login, Route.home, Route.notFound].includes(path as never));
    expect(routes.filter((path) => !reference.includes(routeTitleKey(path)))).toEqual([]);
  });

  it('carries the spec 000 §8 messages in English as the spec words them', async () => {
    const en = await localeMessages('en_US');
    expect(en['session.expired']).toBe('login timed out, please log in again');
    expect(en['session.frozen']).toBe('this user has been frozen');
    expect(en['validation.passwordMin']).toBe('password cannot be less than 5');
    expect(en['validation.captchaFormat']).toBe('image captcha format incorrect');
  });

  it('switches language and interpolates', async () => {
    const i18n = await createI18n('zh_CN');
    await loadShellTexts(i18n);
    expect(i18n.t('list.total', { count: 3 })).toBe('共 3 条');
    await i18n.changeLanguage('de_DE');
    expect(i18n.t('list.total', { count: 3 })).toBe('Insgesamt 3');
    expect(i18n.t(routeTitleKey(Route.menu))).toBe('Menüs');
  });

  it('takes at t() only keys a catalog or a feature carries, checked by tsc', async () => {
    const i18n = await createI18n('en_US');
    await loadShellTexts(i18n);
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(i18n.t('menu.actions')).toBe('Menu actions');
    // @ts-expect-error -- no catalog carries this key; at run time i18next shows the key itself
    expect(i18n.t('common.cancle')).toBe('common.cancle');
    // @ts-expect-error -- nor a feature's text
    expect(i18n.t('menu.filterz')).toBe('menu.filterz');
  });

  it("loads the shown language alone, and the shell's text only when the shell asks, for every language shown then or later", async () => {
    const i18n = await createI18n('en_US');
    expect(LOCALES.filter((locale) => i18n.hasResourceBundle(locale, 'translation'))).toEqual(['en_US']);
    expect(i18n.t('common.cancel')).toBe('Cancel');
    expect(i18n.t('menu.actions')).toBe('menu.actions');
    await loadShellTexts(i18n);
    expect(i18n.t('menu.actions')).toBe('Menu actions');
    await i18n.changeLanguage('de_DE');
    expect(i18n.t('common.cancel')).toBe(await localeMessages('de_DE').then((messages) => messages['common.cancel']));
    expect(i18n.t('menu.actions')).toBe((await localeMessages('de_DE'))['menu.actions']);
    expect(i18n.t(routeTitleKey(Route.menu))).toBe('Menüs');
  });
});
