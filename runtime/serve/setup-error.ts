/** A problem that stops `serve` from starting (bad flag value, unset variable, port in use). */
export class ServeSetupError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "ServeSetupError";
  }
}
