import { describe, expect, it } from 'vitest';
import { BatchWriter, type BatchWriterOptions, type WriterProblem } from './batch-writer';

interface Row {
  id: number;
  bad?: boolean;
}

/** A writer over an in-memory "table" that refuses every batch holding a bad row, as one statement would. */
function writerOver(options: Partial<BatchWriterOptions<Row>> = {}) {
  const table: number[] = [];
  const letters: Array<{ row: Row; error: string }> = [];
  const problems: WriterProblem[] = [];
  const writer = new BatchWriter<Row>({
    async write(rows) {
      if (rows.some((r) => r.bad)) throw new Error(`row refused`);
      table.push(...rows.map((r) => r.id));
    },
    fit: (row) => row,
    async deadLetter(row, error) {
      letters.push({ row, error: (error as Error).message });
    },
    report: (problem) => problems.push(problem),
    ...options,
  });
  return { writer, table, letters, problems };
}

describe('BatchWriter', () => {
  it('writes a refused batch again row by row and dead-letters only the refused row', async () => {
    const { writer, table, letters, problems } = writerOver();
    for (const row of [{ id: 1 }, { id: 2, bad: true }, { id: 3 }]) writer.push(row);
    await writer.flush();
    expect(table).toEqual([1, 3]);
    expect(letters).toEqual([{ row: { id: 2, bad: true }, error: 'row refused' }]);
    expect(problems).toEqual([{ fate: 'dead-lettered', rows: 1, error: expect.any(Error) }]);
    expect(writer.counts()).toEqual({ written: 2, deadLettered: 1, dropped: 0, queued: 0 });
  });

  it('counts and reports a row as dropped only when its dead letter fails too', async () => {
    const { writer, table, problems } = writerOver({
      async deadLetter() {
        throw new Error('dead letters refused');
      },
    });
    for (const row of [{ id: 1, bad: true }, { id: 2 }, { id: 3, bad: true }]) writer.push(row);
    await writer.flush();
    expect(table).toEqual([2]);
    expect(problems).toEqual([{ fate: 'dropped', rows: 2, error: new Error('dead letters refused') }]);
    expect(writer.counts()).toEqual({ written: 1, deadLettered: 0, dropped: 2, queued: 0 });
  });

  it('reports rows a full queue refused', async () => {
    const { writer, table, problems } = writerOver({ maxQueued: 2, maxBatch: 10 });
    for (let id = 1; id <= 5; id++) writer.push({ id });
    expect(writer.counts()).toEqual({ written: 0, deadLettered: 0, dropped: 3, queued: 2 });
    await writer.flush();
    expect(table).toEqual([1, 2]);
    expect(problems).toEqual([{ fate: 'dropped', rows: 3, error: new Error('the queue was full (2 rows)') }]);
  });

  it('reports a row it cannot fit, without throwing at the caller', async () => {
    const { writer, problems } = writerOver({
      fit: () => {
        throw new Error('unfit');
      },
    });
    expect(() => writer.push({ id: 1 })).not.toThrow();
    expect(problems).toEqual([{ fate: 'dropped', rows: 1, error: new Error('unfit') }]);
    expect(writer.counts().dropped).toBe(1);
  });

  it('reports a row pushed after close', async () => {
    const { writer, problems } = writerOver();
    await writer.close();
    writer.push({ id: 1 });
    expect(problems).toEqual([{ fate: 'dropped', rows: 1, error: new Error('the audit log is closed') }]);
  });
});
