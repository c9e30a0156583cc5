import { describe, expect, it } from 'vitest';
import { ruleMessage, type FieldRule } from '../../components/form/rules';
import { createI18n } from '../../i18n';
import { passwordChangeRules, signInRules } from './sign-in-form';

const messageOf = (rule: FieldRule, value: string, values: Record<string, unknown> = {}) => ruleMessage(rule, value, values);

describe('sign-in form rules (spec 000 §5)', () => {
  it('username: required, digits/letters/underscore/@ only, at most 32', () => {
    expect(messageOf(signInRules.username, '')).toBe('validation.usernameRequired');
    expect(messageOf(signInRules.username, '   ')).toBe('validation.usernameRequired');
    expect(messageOf(signInRules.username, 'zhang san')).toBe('validation.usernamePattern');
    expect(messageOf(signInRules.username, 'a-b')).toBe('validation.usernamePattern');
    expect(messageOf(signInRules.username, 'a'.repeat(33))).toBe('validation.usernameMax');
    expect(messageOf(signInRules.username, 'a'.repeat(32))).toBeNull();
    expect(messageOf(signInRules.username, 'ops_lead@hq')).toBeNull();
  });

  it('password: required, at least 5, at most 16, printable characters only', () => {
    expect(messageOf(signInRules.password, '')).toBe('login.passwordPlaceholder');
    expect(messageOf(signInRules.password, 'abcd')).toBe('validation.passwordMin');
    expect(messageOf(signInRules.password, 'abcde')).toBeNull();
    expect(messageOf(signInRules.password, 'a'.repeat(17))).toBe('validation.passwordMax');
    expect(messageOf(signInRules.password, 'abc de')).toBe('validation.passwordPattern');
    expect(messageOf(signInRules.password, 'P@ss#w0rd!')).toBeNull();
  });

  it('captcha: required, exactly 4 letters or digits', () => {
    expect(messageOf(signInRules.captcha, '')).toBe('login.enterCaptcha');
    expect(messageOf(signInRules.captcha, 'abc')).toBe('validation.captchaFormat');
    expect(messageOf(signInRules.captcha, 'abcde')).toBe('validation.captchaFormat');
    expect(messageOf(signInRules.captcha, 'a#c1')).toBe('validation.captchaFormat');
    expect(messageOf(signInRules.captcha, 'aB3x')).toBeNull();
  });

  it('shows the messages the spec words', async () => {
    const i18n = await createI18n('en_US');
    expect(i18n.t(messageOf(signInRules.username, '')!)).toBe('Please enter username');
    expect(i18n.t(messageOf(signInRules.password, 'abc')!)).toBe('password cannot be less than 5');
    expect(i18n.t(messageOf(signInRules.captcha, 'ab')!)).toBe('image captcha format incorrect');
  });
});

describe('password change rules', () => {
  it('asks for the old password', () => {
    expect(messageOf(passwordChangeRules.oldPassword, '')).toBe('password.oldRequired');
    expect(messageOf(passwordChangeRules.oldPassword, 'anything')).toBeNull();
  });

  it('needs 8 to 16 with digits, upper- and lower-case letters, symbols only from _!@#$', () => {
    expect(messageOf(passwordChangeRules.newPassword, '')).toBe('validation.newPasswordRequired');
    expect(messageOf(passwordChangeRules.newPassword, 'Abc1234')).toBe('validation.newPasswordRule');
    expect(messageOf(passwordChangeRules.newPassword, 'abcd1234')).toBe('validation.newPasswordRule');
    expect(messageOf(passwordChangeRules.newPassword, 'ABCD1234')).toBe('validation.newPasswordRule');
    expect(messageOf(passwordChangeRules.newPassword, 'Abcdefgh')).toBe('validation.newPasswordRule');
    expect(messageOf(passwordChangeRules.newPassword, 'Abcd1234%')).toBe('validation.newPasswordRule');
    expect(messageOf(passwordChangeRules.newPassword, 'Abcd_1234567890xy')).toBe('validation.newPasswordRule');
    expect(messageOf(passwordChangeRules.newPassword, 'Abcd_123')).toBeNull();
    expect(messageOf(passwordChangeRules.newPassword, 'Ab1!@#$_Ab1!@#$_')).toBeNull();
  });

  it('needs a confirmation equal to the new password', () => {
    expect(messageOf(passwordChangeRules.confirmPassword, '', { newPassword: 'Abcd_123' })).toBe('password.confirmRequired');
    expect(messageOf(passwordChangeRules.confirmPassword, 'Abcd_124', { newPassword: 'Abcd_123' })).toBe('password.mismatch');
    expect(messageOf(passwordChangeRules.confirmPassword, 'Abcd_123', { newPassword: 'Abcd_123' })).toBeNull();
  });
});
