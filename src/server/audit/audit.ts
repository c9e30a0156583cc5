import type { Db } from '../db/client';
import { interfaceLog, operationLog } from '../db/schema';
import { BatchWriter } from './batch-writer';

export type InterfaceLogRow = typeof interfaceLog.$inferInsert;
export type OperationLogRow = typeof operationLog.$inferInsert;

/** The two audit streams of design.md §4: interface monitoring (every call) and the operation log (every change). */
export class Audit {
  readonly interfaceLog: BatchWriter<InterfaceLogRow>;
  readonly operationLog: BatchWriter<OperationLogRow>;

  constructor(db: Db, onError: (stream: string, error: unknown, dropped: number) => void) {
    this.interfaceLog = new BatchWriter<InterfaceLogRow>({
      write: async (rows) => {
        await db.insert(interfaceLog).values(rows);
      },
      onError: (error, dropped) => onError('interface log', error, dropped),
    });
    this.operationLog = new BatchWriter<OperationLogRow>({
      write: async (rows) => {
        await db.insert(operationLog).values(rows);
      },
      maxBatch: 200,
      onError: (error, dropped) => onError('operation log', error, dropped),
    });
  }

  async flush(): Promise<void> {
    await Promise.all([this.interfaceLog.flush(), this.operationLog.flush()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.interfaceLog.close(), this.operationLog.close()]);
  }
}
