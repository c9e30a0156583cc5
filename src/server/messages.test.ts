import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/constants';
import { MESSAGES } from '../shared/i18n/messages';

/** Every message key the server's code names (its kernel's and each area's server): an error's msg is rendered from it in the caller's language. */
function keysNamedByServer(): string[] {
  const keys = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/'((?:validation|error)\.[A-Za-z]+)'/g)) keys.add(match[1]!);
      }
    }
  };
  visit(import.meta.dirname);
  const areas = path.join(import.meta.dirname, '../areas');
  for (const area of readdirSync(areas)) visit(path.join(areas, area, 'server'));
  return [...keys].sort();
}

describe('server messages', () => {
  const named = keysNamedByServer();

  it('finds the keys', () => {
    expect(named).toContain('error.menuHasChildren');
    expect(named).toContain('validation.menuCycle');
  });

  it.each(LOCALES)('%s renders every key the server names', (locale) => {
    expect(named.filter((key) => !MESSAGES[locale][key]?.trim())).toEqual([]);
  });
});
