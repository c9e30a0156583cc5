import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowReset20Regular, Search20Regular } from '@fluentui/react-icons';
import { createContext, useContext, useRef, type CSSProperties, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudActions, type CrudActionsProps } from '../CrudActions';
import { OrgCascader, type OrgNode } from '../OrgCascader';
import { FILTER_TEXT_MAX, type FilterValues } from './filters';
import { LIST_TABLE_MAX_HEIGHT, LIST_TABLE_MIN_HEIGHT } from './column-kinds';
import { OutsidePageHeader, PageFrame } from '../page/PageFrame';

const useStyles = makeStyles({
  // The tab's height: the table takes what the filters and actions leave, so its pager stays in view.
  screen: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0, height: '100%', boxSizing: 'border-box' },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    // Fluent's inputs bring their own minimum widths: the field decides.
    '& .fui-Input, & .fui-Combobox, & .fui-Dropdown': { width: '100%', minWidth: 0, boxSizing: 'border-box' },
  },
  field: { width: '200px' },
  compactField: { width: '160px' },
  // A day and a time side by side (`DateTimeInput`): both read whole.
  wideField: { width: '300px' },
  selectedCount: { marginLeft: 'auto', color: tokens.colorNeutralForeground2 },
});

/** The table fits the height left rather than its fixed maximum, down to a few rows (then the tab scrolls). */
const FIT_TABLE = { [LIST_TABLE_MAX_HEIGHT]: 'none', [LIST_TABLE_MIN_HEIGHT]: '220px' } as CSSProperties;

/**
 * A list screen's column of filters, actions and table. With its `route` it is the screen's page frame: the header
 * (title, what the screen is for, the table's views and columns and the list's add) comes first. Without one (a list
 * in a tab or panel of a screen) its parts stay in its own column.
 */
export function ListScreen({ route, children, 'data-testid': testId }: { route?: string; children: ReactNode; 'data-testid': string }) {
  const styles = useStyles();
  if (route !== undefined)
    return (
      <PageFrame route={route} className={styles.screen} style={FIT_TABLE} data-testid={testId}>
        {children}
      </PageFrame>
    );
  return (
    <section className={styles.screen} style={FIT_TABLE} data-testid={testId}>
      <OutsidePageHeader>{children}</OutsidePageHeader>
    </section>
  );
}

interface FilterBarContextValue {
  search: () => void;
  fieldClassName: string;
}

const FilterBarContext = createContext<FilterBarContextValue | null>(null);

function useFilterBar(): FilterBarContextValue {
  const bar = useContext(FilterBarContext);
  if (!bar) throw new Error('filter fields belong inside a FilterBar');
  return bar;
}

export interface FilterBarProps {
  /** The search region's accessible name. */
  label: string;
  /** The list controller's filters (or anything that searches and resets). */
  filters: { search: () => void; reset: () => void };
  /** Test ids are `<prefix>search` and `<prefix>reset`. */
  testIdPrefix: string;
  /** Narrower fields, for a list in a panel. */
  compact?: boolean;
  /** The filter fields (`FilterTextField`, `FilterField`). */
  children: ReactNode;
  /** After the search and reset buttons (the advanced-search toggle). */
  after?: ReactNode;
}

/** The filter row of a list: its fields, then search and reset. Enter in a text field searches. */
export function FilterBar({ label, filters, testIdPrefix, compact = false, children, after }: FilterBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const onSearch = filters.search;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <FilterBarContext.Provider value={{ search: onSearch, fieldClassName: compact ? styles.compactField : styles.field }}>
      <form className={styles.filters} role="search" aria-label={label} onSubmit={submit} noValidate>
        {children}
        <Button appearance="primary" type="submit" icon={<Search20Regular />} data-testid={`${testIdPrefix}search`}>
          {t('list.search')}
        </Button>
        <Button icon={<ArrowReset20Regular />} onClick={filters.reset} data-testid={`${testIdPrefix}reset`}>
          {t('list.reset')}
        </Button>
        {after}
      </form>
    </FilterBarContext.Provider>
  );
}

/** A labelled filter of a FilterBar holding any control (a select, the organisation cascader); `wide` for a moment's day and time. */
export function FilterField({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const { fieldClassName } = useFilterBar();
  const styles = useStyles();
  return (
    <Field label={label} className={wide ? styles.wideField : fieldClassName}>
      {children}
    </Field>
  );
}

export interface FilterTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/** A filter text, as long as the server takes (`FILTER_TEXT_MAX`). */
export function FilterTextField({ label, value, onChange, placeholder, 'data-testid': testId }: FilterTextFieldProps) {
  const { search } = useFilterBar();
  // Enter searches from the field itself; the form is not submitted a second time.
  const searchOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };
  return (
    <FilterField label={label}>
      <Input value={value} maxLength={FILTER_TEXT_MAX} placeholder={placeholder} onChange={(_event, data) => onChange(data.value)} onKeyDown={searchOnEnter} data-testid={testId} />
    </FilterField>
  );
}

export interface OrgFilterProps<F extends FilterValues & { deptId: number | null }> {
  label: string;
  /** The organisations the role may see; undefined while they load. */
  nodes: readonly OrgNode[] | undefined;
  /** The list controller's filters, whose `deptId` this sets. */
  filters: { draft: F; change: (patch: Partial<F>) => void; applyNow: (patch: Partial<F>) => void };
}

/**
 * The organisation filter of a list (`filter-org`): the cascader preselects the first organisation, and that
 * first choice applies at once, so the list opens on it; the user's own choices wait for search.
 */
export function OrgFilter<F extends FilterValues & { deptId: number | null }>({ label, nodes, filters }: OrgFilterProps<F>) {
  const firstApplied = useRef(false);
  const choose = (deptId: number | null) => {
    const patch = { deptId } as Partial<F>;
    if (firstApplied.current || deptId === null) {
      filters.change(patch);
      return;
    }
    firstApplied.current = true;
    filters.applyNow(patch);
  };
  return (
    <FilterField label={label}>
      <OrgCascader nodes={nodes} value={filters.draft.deptId} onChange={choose} data-testid="filter-org" />
    </FilterField>
  );
}

/** What ListActions needs of a list controller. */
export interface ListActionSource {
  add: () => void;
  editSelected: () => void;
  deleteSelected: () => void;
  deleting: boolean;
  /** Given (the list controller gives it), the toolbar has a refresh button too. */
  reload?: () => void;
  loading?: boolean;
}

/** The add / edit / delete toolbar of a list, wired to its controller, with its refresh button. */
export function ListActions({ list, ...toolbar }: { list: ListActionSource } & Pick<CrudActionsProps, 'label' | 'testIdPrefix' | 'endpoints' | 'children'>) {
  return <CrudActions {...toolbar} onAdd={list.add} onEdit={list.editSelected} onDelete={list.deleteSelected} deleting={list.deleting} onRefresh={list.reload} refreshing={list.loading} />;
}

/** How many rows are chosen, at the end of a list's actions (a tree, which has no pager to say it). */
export function SelectedCount({ count, 'data-testid': testId }: { count: number; 'data-testid': string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Text className={styles.selectedCount} aria-live="polite" data-testid={testId}>
      {t('list.selected', { count })}
    </Text>
  );
}
