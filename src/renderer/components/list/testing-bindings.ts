import type { BindingRow } from '../../../areas/service-center/contract';

/** The filters of the service-centre binding list, the list the controller's tests drive. */
export const NO_BINDING_FILTERS = { account: '', name: '', deptId: null as number | null };

/** A binding row of the user `userId`. */
export const binding = (userId: number): BindingRow => ({
  userId,
  account: `acct_${userId}`,
  name: `Name ${userId}`,
  deptIds: '4',
  deptNames: 'Shanghai',
  createBy: 'admin',
  createTime: '2026-01-02T09:30:00.000Z',
  updateBy: '',
  updateTime: null,
});
