/** What one source's import did, reported by the CLI and stored for `GET /v1/reference/sources`. */
export interface ImportCounts {
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows held before but absent from the new file: removed upstream. */
  deleted: number;
  skipped: number;
  /** Why rows were skipped (orphan references, bad rows), with how many each. */
  skippedReasons: Record<string, number>;
  /** Rows the table holds after the import. */
  rowCount: number;
}

export class ImportCounter {
  rowsRead = 0;
  inserted = 0;
  updated = 0;
  unchanged = 0;
  deleted = 0;
  private readonly reasons = new Map<string, number>();

  skip(reason: string): void {
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }

  result(rowCount: number): ImportCounts {
    const skippedReasons = Object.fromEntries([...this.reasons].sort(([a], [b]) => a.localeCompare(b)));
    const skipped = [...this.reasons.values()].reduce((sum, n) => sum + n, 0);
    return {
      rowsRead: this.rowsRead,
      inserted: this.inserted,
      updated: this.updated,
      unchanged: this.unchanged,
      deleted: this.deleted,
      skipped,
      skippedReasons,
      rowCount,
    };
  }
}
