import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDown16Regular, ArrowReset20Regular, ArrowUp16Regular, Bookmark20Regular, ColumnTriple20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ListViewLimits } from '../../../shared/rules';
import { useNotify } from '../notify';
import { useOverlayWhile } from '../overlay';
import { clampWidth, COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN, COLUMN_WIDTH_STEP, isHidden, orderedKeys, visibleKeys } from './column-layout';
import { SCREEN_READER_ONLY_STYLE } from './column-kinds';
import type { ListViewsSource } from './useListViews';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
  current: { color: tokens.colorNeutralForeground2, marginRight: 'auto' },
  chooser: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: '280px', maxHeight: '60vh', overflowY: 'auto' },
  chooserRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  chooserName: { flexGrow: 1 },
  note: { color: tokens.colorNeutralForeground3 },
  handle: {
    cursor: 'col-resize',
    touchAction: 'none',
    width: '8px',
    alignSelf: 'stretch',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    ':hover': { backgroundColor: tokens.colorNeutralStroke1Hover },
  },
  resizeAside: { position: 'absolute', top: 0, right: 0, bottom: 0, display: 'flex' },
  link: { width: '100%' },
  srOnly: SCREEN_READER_ONLY_STYLE,
});

export interface ChooserColumn {
  key: string;
  header: string;
}

/**
 * The row above a list's table (issue 13): the view on view, the saved views menu and the column chooser.
 * `columns`: the list's columns in their own order.
 */
export function ListViewToolbar({ views, columns, testIdPrefix = '' }: { views: ListViewsSource; columns: readonly ChooserColumn[]; testIdPrefix?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('listViews.toolbar')} data-testid={`${testIdPrefix}list-view-toolbar`}>
      {views.current !== null ? (
        <Text className={styles.current} data-testid={`${testIdPrefix}current-view`}>
          {t('listViews.current', { name: views.current })}
          {views.modified ? (
            <>
              <span aria-hidden> •</span>
              <span className={styles.srOnly}>{t('listViews.modified')}</span>
            </>
          ) : null}
        </Text>
      ) : null}
      <ViewsMenu views={views} testIdPrefix={testIdPrefix} />
      <ColumnChooser views={views} columns={columns} testIdPrefix={testIdPrefix} />
    </div>
  );
}

function ViewsMenu({ views, testIdPrefix }: { views: ListViewsSource; testIdPrefix: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'save' | { link: string } | null>(null);
  const current = views.current;
  const isDefault = current !== null && views.defaultView === current;

  const copyLink = async () => {
    const link = views.link();
    try {
      await navigator.clipboard.writeText(link);
      notify.success(t('listViews.linkCopied'));
    } catch {
      // No clipboard (a page without the permission): the link is shown to copy by hand.
      setDialog({ link });
    }
  };

  return (
    <>
      <Menu checkedValues={{ view: current === null ? [] : [current] }}>
        <MenuTrigger disableButtonEnhancement>
          <Button icon={<Bookmark20Regular />} data-testid={`${testIdPrefix}views-menu`}>
            {t('listViews.views')}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{t('listViews.views')}</MenuGroupHeader>
              {views.views.length === 0 ? (
                <MenuItem disabled>{t('listViews.noViews')}</MenuItem>
              ) : (
                views.views.map((view) => (
                  <MenuItemRadio
                    key={view.name}
                    name="view"
                    value={view.name}
                    secondaryContent={view.name === views.defaultView ? t('listViews.defaultMark') : undefined}
                    // Choosing the view on view again puts it back as saved, dropping the changes since.
                    onClick={() => views.apply(view.name)}
                    data-testid="saved-view"
                  >
                    {view.name}
                  </MenuItemRadio>
                ))
              )}
            </MenuGroup>
            <MenuDivider />
            <MenuItem onClick={() => setDialog('save')} data-testid="save-view">
              {t('listViews.saveAs')}
            </MenuItem>
            {current !== null ? (
              <>
                <MenuItem onClick={views.update} disabled={!views.modified} data-testid="update-view">
                  {t('listViews.update', { name: current })}
                </MenuItem>
                <MenuItem onClick={() => views.setDefault(!isDefault)} data-testid={isDefault ? 'clear-default-view' : 'set-default-view'}>
                  {isDefault ? t('listViews.clearDefault') : t('listViews.setDefault')}
                </MenuItem>
                <MenuItem onClick={views.remove} data-testid="delete-view">
                  {t('listViews.delete')}
                </MenuItem>
              </>
            ) : null}
            <MenuDivider />
            <MenuItem onClick={() => void copyLink()} data-testid="copy-view-link">
              {t('listViews.copyLink')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog === 'save' ? <SaveViewDialog views={views} onClose={() => setDialog(null)} /> : null}
      {dialog !== null && dialog !== 'save' ? <LinkDialog link={dialog.link} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function SaveViewDialog({ views, onClose }: { views: ListViewsSource; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  useOverlayWhile(true);
  const problem = views.nameProblem(name);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || saving) return;
    setSaving(true);
    const saved = await views.saveAs(name);
    setSaving(false);
    if (saved) onClose();
  };
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="save-view-dialog">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t('listViews.saveTitle')}</DialogTitle>
            <DialogContent>
              <Field label={t('listViews.name')} required hint={t('listViews.nameHint')} validationMessage={touched && problem ? t(problem.key, problem.values) : undefined}>
                <Input
                  autoFocus
                  value={name}
                  maxLength={ListViewLimits.nameMax + 10}
                  onChange={(_event, data) => {
                    setName(data.value);
                    setTouched(true);
                  }}
                  data-testid="view-name"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('listViews.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={saving} data-testid="save-view-ok">
                {t('listViews.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

function LinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  useOverlayWhile(true);
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby="view-link-text" data-testid="view-link-dialog">
        <DialogBody>
          <DialogTitle>{t('listViews.linkTitle')}</DialogTitle>
          <DialogContent>
            <Field label={<span id="view-link-text">{t('listViews.linkManual')}</span>}>
              <Input className={styles.link} readOnly value={link} onFocus={(event) => event.currentTarget.select()} autoFocus data-testid="view-link" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('listViews.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function ColumnChooser({ views, columns, testIdPrefix }: { views: ListViewsSource; columns: readonly ChooserColumn[]; testIdPrefix: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const keys = columns.map((column) => column.key);
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const ordered = orderedKeys(keys, views.layout);
  const shown = visibleKeys(keys, views.layout);
  const lastVisible = shown.length <= 1;
  return (
    <Popover positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<ColumnTriple20Regular />} data-testid={`${testIdPrefix}columns-button`}>
          {t('listViews.columns')}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('listViews.columnsTitle')} data-testid="column-chooser">
        <div className={styles.chooser}>
          <Text weight="semibold">{t('listViews.columnsTitle')}</Text>
          {ordered.map((key, index) => {
            const column = byKey.get(key)!;
            const visible = !isHidden(views.layout, key) || (lastVisible && shown.includes(key));
            return (
              <div key={key} className={styles.chooserRow} data-testid={`column-option-${key}`}>
                <Checkbox
                  className={styles.chooserName}
                  label={column.header}
                  checked={visible}
                  disabled={visible && lastVisible}
                  onChange={() => views.changeLayout({ type: 'toggle', key, keys })}
                  data-testid={`column-visible-${key}`}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowUp16Regular />}
                  aria-label={t('listViews.moveUp', { column: column.header })}
                  disabled={index === 0}
                  onClick={() => views.changeLayout({ type: 'move', key, by: -1, keys })}
                  data-testid={`column-up-${key}`}
                />
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<ArrowDown16Regular />}
                  aria-label={t('listViews.moveDown', { column: column.header })}
                  disabled={index === ordered.length - 1}
                  onClick={() => views.changeLayout({ type: 'move', key, by: 1, keys })}
                  data-testid={`column-down-${key}`}
                />
              </div>
            );
          })}
          {lastVisible ? (
            <Text size={200} className={styles.note} data-testid="last-visible-note">
              {t('listViews.lastVisible')}
            </Text>
          ) : null}
          <Button icon={<ArrowReset20Regular />} onClick={() => views.changeLayout({ type: 'reset' })} data-testid="reset-columns">
            {t('listViews.resetColumns')}
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}

/**
 * The `aside` slot of a table's header cell (Fluent's TableHeaderCell) holding the column's resize handle, for a
 * table with saved views; none without them. ListTable and TreeTable both use it.
 */
export function useColumnResizeAside(views: ListViewsSource | undefined): (column: { key: string; header: string }) => { className: string; children: ReactElement } | undefined {
  const styles = useStyles();
  return (column) =>
    views
      ? {
          className: styles.resizeAside,
          children: <ColumnResizeHandle header={column.header} width={views.layout.widths?.[column.key]} onResize={(width) => views.changeLayout({ type: 'resize', key: column.key, width })} />,
        }
      : undefined;
}

/**
 * The handle at the right edge of a header cell: dragged with the pointer, or moved with the arrow keys once
 * focused (Shift for larger steps). The width follows the pointer on view and is kept when the drag ends.
 */
export function ColumnResizeHandle({ header, width, onResize, className }: { header: string; width: number | undefined; onResize: (width: number) => void; className?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const drag = useRef<{ startX: number; startWidth: number; pointerId: number } | null>(null);
  const [live, setLive] = useState<number | null>(null);
  const measured = (element: HTMLElement) => width ?? element.closest('th')?.getBoundingClientRect().width ?? COLUMN_WIDTH_MIN;
  // A separator that is focusable must say its value (WCAG 4.1.2): a column at its automatic width says the width shown,
  // followed as the table lays out. Measured in the layout effect of every render, it forced the table's layout inside
  // each commit (about 11 ms of the rows' first render) and rendered the handles again at once.
  const handle = useRef<HTMLDivElement>(null);
  const [autoWidth, setAutoWidth] = useState<number>(COLUMN_WIDTH_MIN);
  useEffect(() => {
    const cell = handle.current?.closest('th');
    if (!cell || width !== undefined) return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      setAutoWidth(clampWidth(box ? box.inlineSize : cell.getBoundingClientRect().width));
    });
    observer.observe(cell);
    return () => observer.disconnect();
  }, [width]);
  const shownWidth = live ?? width ?? autoWidth;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: measured(event.currentTarget), pointerId: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const next = clampWidth(state.startWidth + event.clientX - state.startX);
    setLive(next);
    const cell = event.currentTarget.closest('th');
    if (cell) cell.style.width = `${next}px`;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    const next = clampWidth(state.startWidth + event.clientX - state.startX);
    setLive(null);
    onResize(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const step = (event.shiftKey ? 5 : 1) * COLUMN_WIDTH_STEP * (event.key === 'ArrowLeft' ? -1 : 1);
    onResize(clampWidth(measured(event.currentTarget) + step));
  };

  return (
    <div
      ref={handle}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('listViews.resizeColumn', { column: header })}
      aria-valuenow={Math.round(shownWidth)}
      aria-valuemin={COLUMN_WIDTH_MIN}
      aria-valuemax={COLUMN_WIDTH_MAX}
      tabIndex={0}
      className={className ? `${styles.handle} ${className}` : styles.handle}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setLive(null);
      }}
      onClick={(event) => event.stopPropagation()}
      data-testid="column-resize"
    />
  );
}
