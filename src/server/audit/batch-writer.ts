/**
 * Collects rows and writes them in batches off the request path: audit writes never fail or block the
 * request that produced them. A batch the database refuses is written again row by row, so one bad row
 * never takes its neighbours with it; a row refused on its own is dead-lettered, and only a row that
 * cannot be dead-lettered either is dropped. The queue is bounded so that a database outage cannot grow
 * memory without limit; what overflows is dropped. Every dead letter and drop is counted and reported.
 */
export interface BatchWriterOptions<Row> {
  /** Writes rows in one statement; throws if the database refuses any of them. */
  write(rows: Row[]): Promise<void>;
  /** Makes a row storable; runs when the row is pushed, so that it is clipped before it is batched. */
  fit(row: Row): Row;
  /** Keeps a row the database refused on its own, with the error. */
  deadLetter(row: Row, error: unknown): Promise<void>;
  report(problem: WriterProblem): void;
  flushIntervalMs?: number;
  maxBatch?: number;
  maxQueued?: number;
}

export interface WriterProblem {
  fate: 'dead-lettered' | 'dropped';
  rows: number;
  /** The first error of those rows. */
  error: unknown;
}

export interface WriterCounts {
  written: number;
  deadLettered: number;
  dropped: number;
  /** Pushed and not yet written. */
  queued: number;
}

export class BatchWriter<Row> {
  private queue: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private written = 0;
  private deadLettered = 0;
  private dropped = 0;
  /** Rows refused by a full queue since the last report: reported once per flush, not once per row. */
  private overflowed = 0;

  constructor(private readonly options: BatchWriterOptions<Row>) {}

  counts(): WriterCounts {
    return { written: this.written, deadLettered: this.deadLettered, dropped: this.dropped, queued: this.queue.length };
  }

  push(row: Row): void {
    if (this.closed) {
      this.drop(1, new Error('the audit log is closed'));
      return;
    }
    if (this.queue.length >= (this.options.maxQueued ?? 100_000)) {
      this.dropped++;
      this.overflowed++;
      return;
    }
    let fitted: Row;
    try {
      fitted = this.options.fit(row);
    } catch (error) {
      this.drop(1, error);
      return;
    }
    this.queue.push(fitted);
    if (this.queue.length >= (this.options.maxBatch ?? 500)) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushIntervalMs ?? 200);
      this.timer.unref();
    }
  }

  /** Writes everything queued so far; resolves when every row is written, dead-lettered or dropped. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0 && this.overflowed === 0) return;
    const maxBatch = this.options.maxBatch ?? 500;
    const run = async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, maxBatch);
        try {
          await this.options.write(batch);
          this.written += batch.length;
        } catch (error) {
          await this.writeOneByOne(batch, error);
        }
      }
      if (this.overflowed > 0) {
        this.report({ fate: 'dropped', rows: this.overflowed, error: new Error(`the queue was full (${this.options.maxQueued ?? 100_000} rows)`) });
        this.overflowed = 0;
      }
    };
    this.flushing = run().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private async writeOneByOne(batch: Row[], batchError: unknown): Promise<void> {
    const deadLettered = { rows: 0, error: undefined as unknown };
    const dropped = { rows: 0, error: undefined as unknown };
    for (const row of batch) {
      let refusal = batchError;
      if (batch.length > 1) {
        try {
          await this.options.write([row]);
          this.written++;
          continue;
        } catch (error) {
          refusal = error;
        }
      }
      try {
        await this.options.deadLetter(row, refusal);
        this.deadLettered++;
        if (deadLettered.rows++ === 0) deadLettered.error = refusal;
      } catch (error) {
        this.dropped++;
        if (dropped.rows++ === 0) dropped.error = error;
      }
    }
    if (deadLettered.rows > 0) this.report({ fate: 'dead-lettered', ...deadLettered });
    if (dropped.rows > 0) this.report({ fate: 'dropped', ...dropped });
  }

  private drop(rows: number, error: unknown): void {
    this.dropped += rows;
    this.report({ fate: 'dropped', rows, error });
  }

  private report(problem: WriterProblem): void {
    this.options.report(problem);
  }
}
