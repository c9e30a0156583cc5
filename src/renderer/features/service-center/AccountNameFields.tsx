import { Field, Input } from '@fluentui/react-components';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_TEXT_MAX } from './queries';

export interface AccountName {
  account: string;
  name: string;
}

/** The account and name filter fields both service-centre screens search users by; Enter searches. */
export function AccountNameFields({ value, onChange, onSearch, fieldClassName, testIdPrefix }: {
  value: AccountName;
  onChange: (patch: Partial<AccountName>) => void;
  onSearch: () => void;
  fieldClassName: string;
  /** Test ids are `<prefix>account` and `<prefix>name`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const searchOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onSearch();
  };
  return (
    <>
      <Field label={t('serviceCenter.account')} className={fieldClassName}>
        <Input
          value={value.account}
          maxLength={FILTER_TEXT_MAX}
          placeholder={t('serviceCenter.accountPlaceholder')}
          onChange={(_event, data) => onChange({ account: data.value })}
          onKeyDown={searchOnEnter}
          data-testid={`${testIdPrefix}account`}
        />
      </Field>
      <Field label={t('serviceCenter.name')} className={fieldClassName}>
        <Input
          value={value.name}
          maxLength={FILTER_TEXT_MAX}
          placeholder={t('serviceCenter.namePlaceholder')}
          onChange={(_event, data) => onChange({ name: data.value })}
          onKeyDown={searchOnEnter}
          data-testid={`${testIdPrefix}name`}
        />
      </Field>
    </>
  );
}
