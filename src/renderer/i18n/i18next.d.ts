import type { MessageKey } from './message-key';

// Types every `t()` call against the catalogs, so a key no catalog carries fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    returnEmptyString: false;
    resources: { translation: Record<MessageKey, string> };
  }
}
