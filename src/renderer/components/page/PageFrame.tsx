import { Text, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { createContext, useContext, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { screenAboutKey } from '../../i18n/message-key';
import { ShellTabContext } from '../screen/shell-tab';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0, boxSizing: 'border-box' },
  header: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexShrink: 1 },
  title: { margin: 0 },
  description: { color: tokens.colorNeutralForeground3 },
  // The views and columns buttons, then the primary action, at the header's right; they wrap under the title on a narrow tab.
  actions: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginLeft: 'auto' },
  slot: { display: 'contents' },
});

/** Where the kit's parts of a framed page put what belongs in its header: the table's views and columns, the list's add. */
export type PageSlot = 'tools' | 'primary';

const PageSlotsContext = createContext<Readonly<Record<PageSlot, HTMLElement | null>> | null>(null);

/**
 * Shows `children` in the header of the page frame this sits in (at `slot`), or where it stands outside a frame (a
 * list inside a dialog or a tab of a screen). The kit's list parts use it, so a screen's wiring stays one prop.
 */
export function InPageHeader({ slot, children }: { slot: PageSlot; children: ReactNode }) {
  const slots = useContext(PageSlotsContext);
  const target = slots?.[slot];
  if (slots && !target) return null;
  return target ? createPortal(children, target) : <>{children}</>;
}

export interface PageHeaderProps {
  /** The screen's title; none outside a tab (a test). */
  title: string | undefined;
  /** One line on what the screen is for. */
  description?: string;
  /** Right of the title: the primary action and the page's tools. */
  actions?: ReactNode;
  'data-testid'?: string;
}

/** The header of every screen: its title, a line on what it is for, and its primary action at the right. */
export function PageHeader({ title, description, actions, 'data-testid': testId = 'page-header' }: PageHeaderProps) {
  const styles = useStyles();
  return (
    <header className={styles.header} data-testid={testId}>
      <div className={styles.heading}>
        {title ? (
          <Title3 as="h2" className={styles.title} data-testid="page-title">
            {title}
          </Title3>
        ) : null}
        {description ? (
          <Text className={styles.description} data-testid="page-description">
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}

export interface PageFrameProps {
  /** The screen's route pattern: its description is the kit's `about.<route>` text. */
  route: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  /** The filter bar, the actions and the table (or the screen's own content). */
  children: ReactNode;
}

/**
 * A screen's frame (issue 51): the header (the tab's title, the screen's description, the views and columns of its
 * table and its primary action), then the screen's filter bar and table or form.
 */
export function PageFrame({ route, className, style, 'data-testid': testId, children }: PageFrameProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const title = useContext(ShellTabContext)?.title;
  const [tools, setTools] = useState<HTMLElement | null>(null);
  const [primary, setPrimary] = useState<HTMLElement | null>(null);
  const slots = { tools, primary };
  return (
    <section className={mergeClasses(styles.frame, className)} style={style} data-testid={testId}>
      <PageHeader
        title={title}
        description={t(screenAboutKey(route))}
        actions={
          <>
            <div ref={setTools} className={styles.slot} />
            <div ref={setPrimary} className={styles.slot} />
          </>
        }
      />
      <PageSlotsContext.Provider value={slots}>{children}</PageSlotsContext.Provider>
    </section>
  );
}

/** Inside this, the kit's list parts stay where they stand (a list within a framed screen's tab or panel). */
export function OutsidePageHeader({ children }: { children: ReactNode }) {
  return <PageSlotsContext.Provider value={null}>{children}</PageSlotsContext.Provider>;
}
