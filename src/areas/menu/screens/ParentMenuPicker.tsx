import { Combobox, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../contract';
import { parentOptions } from './menu-tree';
import { menuTypeKey } from './labels';

const useStyles = makeStyles({
  option: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS },
  kind: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  path: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface ParentMenuPickerProps {
  /** Every menu the role manages; undefined while it loads. */
  nodes: readonly MenuNode[] | undefined;
  /** The type of the menu being placed: it decides which menus may be its parent. */
  childType: number;
  /** The menu being edited (it cannot go under itself), or null for a new one. */
  editedMenuId: number | null;
  value: number | null;
  onChange: (menuId: number | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

/** The parent of a menu or button: the menu tree as an indented, filterable list of the menus that may hold it. */
export function ParentMenuPicker({ nodes, childType, editedMenuId, value, onChange, onBlur, disabled = false }: ParentMenuPickerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const options = useMemo(() => parentOptions(nodes ?? [], childType, editedMenuId), [nodes, childType, editedMenuId]);
  // A chosen parent is found in the whole tree, so a parent the type no longer allows still shows by name.
  const chosen = useMemo(() => (value === null ? null : (parentOptions(nodes ?? [], childType, null).find((option) => option.menuId === value) ?? null)), [nodes, childType, value]);
  const [query, setQuery] = useState<string | null>(null);

  const needle = query?.trim().toLowerCase() ?? '';
  const shown = needle ? options.filter((option) => option.selectable && option.path.toLowerCase().includes(needle)) : options;
  const selectableCount = options.filter((option) => option.selectable).length;
  const emptyText = selectableCount === 0 ? t('menu.parent.none') : t('menu.parent.noMatch');

  return (
    <Combobox
      data-testid="field-parentId"
      placeholder={t('menu.parent.placeholder')}
      disabled={disabled || nodes === undefined}
      value={query ?? chosen?.path ?? ''}
      selectedOptions={value === null ? [] : [String(value)]}
      onChange={(event) => setQuery(event.target.value)}
      onOptionSelect={(_event, data) => {
        setQuery(null);
        const option = options.find((candidate) => String(candidate.menuId) === data.optionValue);
        onChange(option?.selectable ? option.menuId : null);
      }}
      onOpenChange={(_event, data) => !data.open && setQuery(null)}
      onBlur={onBlur}
      expandIcon={nodes === undefined ? <Spinner size="extra-tiny" /> : undefined}
    >
      {shown.length === 0 ? (
        <Option disabled value="" text={emptyText}>
          {emptyText}
        </Option>
      ) : (
        shown.map((option) => (
          <Option key={option.menuId} value={String(option.menuId)} text={option.path} disabled={!option.selectable}>
            <span className={styles.option} style={{ paddingLeft: needle ? 0 : `${option.depth * 16}px` }}>
              {option.name}
              <span className={styles.kind}>{t(menuTypeKey(option.type))}</span>
              {needle && option.depth > 0 ? <span className={styles.path}>{option.path}</span> : null}
            </span>
          </Option>
        ))
      )}
    </Combobox>
  );
}
