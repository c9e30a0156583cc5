import { RecordTable } from './RecordTable';
import { Route } from '../../../shared/routes';

/** The send records (/sendManage): every number sent from the role's organisations, newest first. */
export default function SendRecords() {
  return <RecordTable route={Route.sendManage} testId="sms-records" />;
}
