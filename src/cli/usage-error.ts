/** A command line the operator can fix (a refused option, a missing password): one line, exit 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
