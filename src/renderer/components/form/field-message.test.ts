import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { fieldMessage } from './RuleForm';

describe('a required field’s message', () => {
  it('asks to enter a typed field and to choose a chosen one, in the interface language', async () => {
    const i18n = await createI18n('zh_CN');
    expect(fieldMessage(i18n.t, 'validation.required', '名称')).toBe('请输入名称');
    expect(fieldMessage(i18n.t, 'validation.required', '系统', 'chosen')).toBe('请选择系统');
    await i18n.changeLanguage('de_DE');
    expect(fieldMessage(i18n.t, 'validation.required', 'System', 'chosen')).toBe('Bitte System auswählen');
    await i18n.changeLanguage('en_US');
    expect(fieldMessage(i18n.t, 'validation.required', 'Name')).toBe('Please enter Name');
    // Other rules read on their own, whatever the kind.
    expect(fieldMessage(i18n.t, 'validation.email', 'Mail', 'chosen')).toMatch(/^[A-Z]/);
  });
});
