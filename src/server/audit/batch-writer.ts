/**
 * Collects rows and writes them in batches off the request path. A write failure is counted and the
 * batch dropped: audit writes never fail or block the request that produced them. The queue is bounded
 * so that a database outage cannot grow memory without limit; what overflows is counted as dropped.
 */
export interface BatchWriterOptions<Row> {
  write(rows: Row[]): Promise<void>;
  flushIntervalMs?: number;
  maxBatch?: number;
  maxQueued?: number;
  onError?(error: unknown, dropped: number): void;
}

export class BatchWriter<Row> {
  private queue: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  written = 0;
  dropped = 0;

  constructor(private readonly options: BatchWriterOptions<Row>) {}

  push(row: Row): void {
    if (this.closed) {
      this.dropped++;
      return;
    }
    if (this.queue.length >= (this.options.maxQueued ?? 100_000)) {
      this.dropped++;
      return;
    }
    this.queue.push(row);
    if (this.queue.length >= (this.options.maxBatch ?? 500)) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushIntervalMs ?? 200);
      this.timer.unref();
    }
  }

  /** Writes everything queued so far; resolves when it is written (or dropped). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const maxBatch = this.options.maxBatch ?? 500;
    const run = async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, maxBatch);
        try {
          await this.options.write(batch);
          this.written += batch.length;
        } catch (error) {
          this.dropped += batch.length;
          this.options.onError?.(error, batch.length);
        }
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
}
