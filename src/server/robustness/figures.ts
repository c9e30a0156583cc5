import { appendFileSync } from 'node:fs';

/**
 * Reports one measured figure of a robustness suite as one line: printed, and appended to the file named by
 * CONSOLE_TEST_FIGURES, which `npm test` prints together at its end. `goal` says what the figure must be.
 */
export function reportFigure(suite: string, figure: string, goal: string): void {
  const driver = process.env.CONSOLE_TEST_DB ?? 'node';
  const line = `[${driver}] ${suite}: ${figure} (goal: ${goal})`;
  console.info(`figure ${line}`);
  const file = process.env.CONSOLE_TEST_FIGURES;
  if (file) appendFileSync(file, `${line}\n`);
}
