/** Errors of the packaging, packages and skills helpers as tool failures with their own codes, not "internal-error". */
import { failure, type ToolFailure } from "../result.js";
import { CodedError } from "../../../artifacts/coded-error.js";
import { OutputFolderError } from "./output-folder.js";

export class PackagingError extends CodedError {}

/** The failure for a known packaging error, or undefined for anything else (rethrown by the caller). */
export function packagingFailure(err: unknown): ToolFailure | undefined {
  if (err instanceof OutputFolderError) return failure(err.code, err.message);
  if (err instanceof CodedError)
    return failure(err.code, err.message, Object.keys(err.details).length ? { details: err.details } : {});
  return undefined;
}
