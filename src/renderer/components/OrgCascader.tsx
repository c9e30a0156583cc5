import { Combobox, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  option: { display: 'flex', alignItems: 'center' },
  path: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase200 },
  // WCAG 2.2 target size: the open button is 24 px at least, however narrow the field (Fluent draws it 20 px).
  expandIcon: { minWidth: '24px', minHeight: '24px', display: 'inline-flex', alignItems: 'center', justifyContent: 'center' },
  // The input's own width (its 20 characters) would hold the field's grid open and push the open button past the
  // field's edge in a narrow filter.
  input: { minWidth: 0 },
});

export interface OrgNode {
  id: number;
  name: string;
  children?: readonly OrgNode[];
}

interface FlatOrg {
  node: OrgNode;
  depth: number;
  /** Names from the root down to the node, for the filter and the option's accessible text. */
  path: string;
}

function flattenOrgs(nodes: readonly OrgNode[]): FlatOrg[] {
  const out: FlatOrg[] = [];
  const visit = (node: OrgNode, depth: number, parents: string) => {
    const path = parents ? `${parents} / ${node.name}` : node.name;
    out.push({ node, depth, path });
    for (const child of node.children ?? []) visit(child, depth + 1, path);
  };
  nodes.forEach((node) => visit(node, 0, ''));
  return out;
}

export interface OrgCascaderProps {
  /** The organisations the current role may see, as a tree; undefined while they load. */
  nodes: readonly OrgNode[] | undefined;
  value: number | null;
  onChange: (id: number | null, node: OrgNode | null) => void;
  /** The first organisation is chosen as soon as the tree arrives (spec 000 §2, 001 §2). */
  preselectFirst?: boolean;
  /** Give either a label (via a surrounding Field) or this. */
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
  'data-testid'?: string;
}

/** The organisation select of filters and forms: the tree as an indented, filterable list. */
export function OrgCascader({ nodes, value, onChange, preselectFirst = true, placeholder, disabled, clearable = false, ...rest }: OrgCascaderProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const flat = useMemo(() => flattenOrgs(nodes ?? []), [nodes]);
  const chosen = flat.find((entry) => entry.node.id === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);

  useEffect(() => {
    const first = nodes?.[0];
    if (preselectFirst && value === null && first) onChange(first.id, first);
  }, [preselectFirst, value, nodes, onChange]);

  const needle = query?.trim().toLowerCase() ?? '';
  const shown = needle ? flat.filter((entry) => entry.node.name.toLowerCase().includes(needle)) : flat;

  return (
    <Combobox
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      placeholder={placeholder ?? t('org.placeholder')}
      disabled={disabled || nodes === undefined}
      clearable={clearable}
      value={query ?? chosen?.node.name ?? ''}
      selectedOptions={value === null ? [] : [String(value)]}
      onChange={(event) => setQuery(event.target.value)}
      // Typing over the chosen name selects what to type over, so the text typed is the filter.
      onFocus={(event) => event.target.select()}
      onClick={(event) => query === null && event.currentTarget.select()}
      onOptionSelect={(event, data) => {
        // Fluent clears the selection when the typed text stops matching it: typing filters, the value stays
        // until an option is chosen (or the clear button pressed).
        if (data.optionValue === undefined && event.type === 'change') return;
        setQuery(null);
        const entry = flat.find((candidate) => String(candidate.node.id) === data.optionValue);
        onChange(entry?.node.id ?? null, entry?.node ?? null);
      }}
      onOpenChange={(_event, data) => !data.open && setQuery(null)}
      input={{ className: styles.input }}
      expandIcon={{ className: styles.expandIcon, ...(nodes === undefined && { children: <Spinner size="extra-tiny" /> }) }}
    >
      {shown.length === 0 ? (
        <Option disabled value="" text={flat.length === 0 ? t('org.empty') : t('org.noMatch')}>
          {flat.length === 0 ? t('org.empty') : t('org.noMatch')}
        </Option>
      ) : (
        shown.map((entry) => (
          <Option key={entry.node.id} value={String(entry.node.id)} text={entry.path}>
            <span className={styles.option} style={{ paddingLeft: needle ? 0 : `${entry.depth * 16}px` }}>
              {entry.node.name}
              {needle && entry.depth > 0 ? <span className={styles.path}>{entry.path}</span> : null}
            </span>
          </Option>
        ))
      )}
    </Combobox>
  );
}
