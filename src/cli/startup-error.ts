/** A reason the gateway cannot start that the operator can fix: printed as one line, no stack. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
