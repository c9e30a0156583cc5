import { rules } from '../../../shared/rules';
import { requiredThen, type FieldRule } from '../../components/form/rules';

/**
 * The sign-in rules of spec 000 §5, from the shared zod rules: username required ('Please enter username'),
 * digits, letters, underscore and @, at most 32; password at least 5 ('password cannot be less than 5'),
 * printable characters, at most 16; captcha exactly 4 letters or digits ('image captcha format incorrect').
 */
export const signInRules = {
  username: rules.loginUsername,
  password: requiredThen('login.passwordPlaceholder', rules.loginPassword),
  captcha: requiredThen('login.enterCaptcha', rules.captcha),
} satisfies Record<string, FieldRule>;

/**
 * The password-change rules (sign-in's forced change and the shell's dialog): old password required, the
 * new one 8 to 16 with digits, upper- and lower-case letters and _!@#$, and a confirmation equal to it.
 */
export const passwordChangeRules = {
  oldPassword: ((value: string) => (value === '' ? 'password.oldRequired' : null)) as FieldRule,
  newPassword: rules.newPassword,
  confirmPassword: ((value: string, values) => {
    if (value === '') return 'password.confirmRequired';
    return value === values.newPassword ? null : 'password.mismatch';
  }) as FieldRule,
} satisfies Record<string, FieldRule>;
