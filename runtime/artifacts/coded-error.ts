/** An error with a stable code and details a caller can act on; the packaging, packages and skills errors are kinds of it. */
export class CodedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
