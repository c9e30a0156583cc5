import { describe, expect, it } from 'vitest';
import { OPERATION_ENTRY_TYPES, OPERATION_ENTRY_TYPE_NAMES } from '../../areas/operation-log/contract';
import { ENDPOINT_NAMES, SERVICE_NAMES, VARIANT_NAMES } from './endpoint-names';
import { listEndpoints } from './index';

const complete = (names: readonly string[] | undefined) => names?.length === 5 && names.every((name) => name.trim() !== '');

describe('the names interface monitoring and the operation log show', () => {
  it('names every endpoint, each summaryBy variant and each service in all five locales', () => {
    const missing: string[] = [];
    for (const { id, def } of listEndpoints()) {
      const [area, name] = id.split('.') as [string, string];
      if (!complete((ENDPOINT_NAMES as unknown as Record<string, Record<string, readonly string[]>>)[area]?.[name])) missing.push(id);
      if (!complete(SERVICE_NAMES[def.service])) missing.push(`service ${def.service}`);
      for (const value of Object.keys(def.summaryBy?.summaries ?? {})) if (!complete(VARIANT_NAMES[`${id}#${value}`])) missing.push(`${id}#${value}`);
    }
    expect(missing).toEqual([]);
  });

  it('names every kind of operation-log entry in all five locales', () => {
    expect(OPERATION_ENTRY_TYPES.filter((type) => !complete(OPERATION_ENTRY_TYPE_NAMES[type]))).toEqual([]);
  });
});
