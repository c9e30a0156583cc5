import { readFileSync } from 'node:fs';
import path from 'node:path';
import { marked, type Tokens } from 'marked';

/** The integration guide for other systems' developers, whose examples the tests run. */
export const INTEGRATION_GUIDE = path.resolve(import.meta.dirname, '../../../docs/integration.md');

/** The guide's fenced examples in one language (`sh`, `ts`), in the order they appear. */
export function guideExamples(language: string): string[] {
  return marked
    .lexer(readFileSync(INTEGRATION_GUIDE, 'utf8'))
    .filter((token): token is Tokens.Code => token.type === 'code' && token.lang === language)
    .map((token) => token.text);
}
