import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { POLICY_NAMES, POLICY_REGISTRY_KEY } from './managed-policy';

const NS = 'http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions';

/** Parses strictly: any XML error (not well-formed, undefined entity) fails the test with its message. */
function parse(path: string) {
  const text = readFileSync(new URL(`../../../build/policy/${path}`, import.meta.url), 'utf8');
  return new DOMParser({
    errorHandler: (level: string, message: unknown) => {
      throw new Error(`${path}: ${level} ${String(message)}`);
    },
  }).parseFromString(text, 'text/xml');
}
const all = (root: { getElementsByTagNameNS(ns: string, name: string): ArrayLike<Element> }, name: string): Element[] => Array.from(root.getElementsByTagNameNS(NS, name));

// The XSD (PolicyDefinitions.xsd) ships with Windows, not with npm or Debian: these checks are its rules the template relies on.
describe('the Group Policy template', () => {
  const admx = parse('BackofficeConsole.admx');
  const adml = parse('en-US/BackofficeConsole.adml');
  const strings = new Set(all(adml, 'string').map((element) => element.getAttribute('id')));
  const presentations = new Set(all(adml, 'presentation').map((element) => element.getAttribute('id')));

  it('is well-formed ADMX and ADML in the PolicyDefinitions namespace', () => {
    expect(admx.documentElement?.localName).toBe('policyDefinitions');
    expect(admx.documentElement?.namespaceURI).toBe(NS);
    expect(adml.documentElement?.localName).toBe('policyDefinitionResources');
    expect(adml.documentElement?.namespaceURI).toBe(NS);
  });

  it('defines one machine policy per value the registry reader knows, under its key', () => {
    const policies = all(admx, 'policy');
    expect(policies.map((policy) => policy.getAttribute('name')).sort()).toEqual(Object.values(POLICY_NAMES).sort());
    for (const policy of policies) {
      expect(policy.getAttribute('class')).toBe('Machine');
      expect(`HKLM\\${policy.getAttribute('key')}`).toBe(POLICY_REGISTRY_KEY);
      const valueNames = [policy.getAttribute('valueName'), ...all(policy, 'text').map((text) => text.getAttribute('valueName'))].filter(Boolean);
      expect(valueNames).toEqual([policy.getAttribute('name')]);
    }
  });

  it('finds every $(string.x) and $(presentation.x) it refers to in the ADML, and every textBox its element', () => {
    const admxText = readFileSync(new URL('../../../build/policy/BackofficeConsole.admx', import.meta.url), 'utf8');
    for (const [, kind, id] of admxText.matchAll(/\$\((string|presentation)\.(\w+)\)/g)) {
      expect(kind === 'string' ? strings.has(id ?? '') : presentations.has(id ?? ''), `${kind}.${id}`).toBe(true);
    }
    const elementIds = new Set(all(admx, 'text').map((text) => text.getAttribute('id')));
    for (const box of all(adml, 'textBox')) expect(elementIds.has(box.getAttribute('refId')), box.getAttribute('refId') ?? '').toBe(true);
  });
});
