import { useTranslation } from 'react-i18next';
import { FilterTextField } from '../../../renderer/components/list/ListScreen';

export type AccountName = {
  account: string;
  name: string;
};

/** The account and name filter fields both service-centre screens search users by, inside their FilterBar. */
export function AccountNameFields({
  value,
  onChange,
  testIdPrefix,
}: {
  value: AccountName;
  onChange: (patch: Partial<AccountName>) => void;
  /** Test ids are `<prefix>account` and `<prefix>name`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FilterTextField
        label={t('serviceCenter.account')}
        value={value.account}
        placeholder={t('serviceCenter.accountPlaceholder')}
        onChange={(account) => onChange({ account })}
        data-testid={`${testIdPrefix}account`}
      />
      <FilterTextField label={t('common.personName')} value={value.name} placeholder={t('serviceCenter.namePlaceholder')} onChange={(name) => onChange({ name })} data-testid={`${testIdPrefix}name`} />
    </>
  );
}
