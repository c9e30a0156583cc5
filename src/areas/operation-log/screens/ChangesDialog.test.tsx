// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OperationLogEntry } from '../contract';
import { createFakeBridge } from '../../../renderer/testing/fake-bridge';
import { answerApiCalls, callsOf } from '../../../renderer/testing/menu-fixtures';
import { testProviders } from '../../../renderer/testing/providers';
import { ChangesDialog, sideSummary } from './ChangesDialog';

const entry = (before: unknown, after: unknown): OperationLogEntry => ({
  id: 41,
  entryType: 'update',
  operUserName: '管理员',
  operLoginName: 'admin',
  operLocation: '',
  operIp: '127.0.0.1',
  operationContent: '绑定业务中心',
  beforeOperation: before,
  afterOperation: after,
  operationTime: '2026-12-01T08:00:00.000Z',
});

/** A business-centre binding as its writer logs it: one centre that exists, one deleted since. */
const binding = entry({ userId: 3, deptIds: [] }, { userId: 3, deptIds: [6, 9] });

afterEach(cleanup);

async function renderDialog(shown: OperationLogEntry) {
  const fake = createFakeBridge();
  answerApiCalls(fake, {
    'operationLog.references': {
      ok: true,
      data: [
        { kind: 'dept', id: 6, name: '华东分公司' },
        { kind: 'dept', id: 9, name: null },
        { kind: 'user', id: 3, name: '张三' },
      ],
    },
  });
  const { Wrapper, i18n } = await testProviders({ bridge: fake.bridge, locale: 'zh_CN' });
  render(<ChangesDialog entry={shown} onClose={() => undefined} />, { wrapper: Wrapper });
  return { fake, i18n };
}

describe('ChangesDialog', () => {
  it("shows each field's label in the reader's language and the names of the records it refers to, a deleted one marked", async () => {
    const { fake } = await renderDialog(binding);
    const row = (await screen.findAllByTestId('operation-change')).find((r) => r.getAttribute('data-path') === 'deptIds')!;
    expect(within(row).getByText('业务中心')).toBeTruthy();
    expect(await within(row).findByText('华东分公司、#9（已删除）')).toBeTruthy();
    expect(row.textContent).not.toContain('deptIds');
    expect(callsOf(fake, 'operationLog.references')).toEqual([{ id: 41 }]);
  });

  it('labels the fields of each record of a batch deletion by the record number and the field', async () => {
    await renderDialog(entry([{ roleId: 5, roleName: '审计员', deptId: 6, remark: '', roleType: 2, menuIdList: [], version: 1 }], null));
    const rows = await screen.findAllByTestId('operation-change');
    const named = rows.find((r) => r.getAttribute('data-path') === '0.deptId')!;
    expect(within(named).getByText('第 1 项 › 所属组织')).toBeTruthy();
    expect(await within(named).findByText('华东分公司')).toBeTruthy();
    expect(rows.find((r) => r.getAttribute('data-path') === '0.roleName')!.textContent).toContain('角色名称');
  });
});

describe('sideSummary', () => {
  it('names the changed fields by their labels with their values, references by label alone, without the version', async () => {
    const { i18n } = await testProviders({ locale: 'zh_CN' });
    const t = i18n.getFixedT('zh_CN');
    const changed = entry({ id: 2, name: '旧组', number: 'G1', remark: '', version: 1 }, { id: 2, name: '新组', number: 'G2', remark: '', version: 2 });
    expect(sideSummary(t, changed, 'before')).toBe('名称：旧组、编号：G1');
    expect(sideSummary(t, changed, 'after')).toBe('名称：新组、编号：G2');
    expect(sideSummary(t, binding, 'after')).toBe('业务中心');
    expect(sideSummary(t, binding, 'before')).toBe('业务中心');
    expect(sideSummary(t, entry(null, { a: 1, b: 2, c: 3, d: 4, e: 5 }), 'after')).toBe('a：1、b：2、c：3 等 2 项');
    // A field that had no value says so.
    expect(sideSummary(t, entry({ id: 2, name: null, number: 'G1', remark: '', version: 1 }, { id: 2, name: '新组', number: 'G1', remark: '', version: 2 }), 'before')).toBe('名称：（无）');
  });
});
