/** One catalogued error code (src/platform/http/error-codes.ts says how `operations` is read). */
export interface ErrorCodeEntry {
  /** The HTTP status it is answered with; a few codes are answered at two. */
  readonly status: number | readonly number[];
  /** One line: when it is answered, for a reader deciding what to do. */
  readonly meaning: string;
  /**
   * What the caller does about it, where more can be said than its status says in general
   * (error-remedies.ts gives the general advice for the rest).
   */
  readonly fix?: string;
  readonly operations: readonly string[];
}
