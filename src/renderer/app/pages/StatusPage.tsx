import { Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    height: '100%',
    minHeight: '240px',
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
  },
});

/** A page that says why no screen is shown (an unknown address, a screen the role lacks): centred, with the way on. */
export function StatusPage({
  testId,
  icon,
  title,
  titleClassName,
  message,
  action,
}: {
  testId: string;
  icon?: ReactNode;
  title: string;
  titleClassName?: string;
  message: string;
  action?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <main className={styles.root} data-testid={testId}>
      {icon}
      <Title1 as="h1" className={titleClassName}>
        {title}
      </Title1>
      <Text size={400}>{message}</Text>
      {action}
    </main>
  );
}
