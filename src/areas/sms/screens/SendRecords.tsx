import { RecordTable } from './RecordTable';

/** The send records (/sendManage): every number sent from the role's organisations, newest first. */
export default function SendRecords() {
  return <RecordTable testId="sms-records" />;
}
