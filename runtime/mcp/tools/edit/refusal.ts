/**
 * Why an edit was not made, as a tool failure code and a message that says what to do instead.
 * Thrown by the edit steps; the edit runner turns it into the tool's failure result.
 */
export class EditRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "EditRefusal";
  }
}
