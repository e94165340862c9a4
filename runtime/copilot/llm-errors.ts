/**
 * Typed failures of the local copilot's model client. Each has a stable code (printed by the CLI,
 * returned by tools that use the model) and a message that says what failed and what to do.
 */
export class LlmError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = "LlmError";
    this.code = code;
  }
}

/** No local model is configured: the copilot and the AI tools are off (SVC_LLM_MODEL unset). */
export class LlmOffError extends LlmError {
  constructor() {
    super(
      "llm-off",
      "the local copilot is off: no local model is configured; set SVC_LLM_MODEL (and SVC_LLM_URL when Ollama is not on 127.0.0.1:11434)",
    );
    this.name = "LlmOffError";
  }
}

/** A SVC_LLM_* variable with a value outside its range. */
export class LlmConfigError extends LlmError {
  constructor(message: string) {
    super("llm-config", message);
    this.name = "LlmConfigError";
  }
}

/** `svc copilot-calibrate` found this exact build of the model unreliable at what is asked of it. */
export class LlmCalibrationError extends LlmError {
  constructor(message: string) {
    super("llm-calibration", message);
    this.name = "LlmCalibrationError";
  }
}

/** The model server could not be reached at all. */
export class LlmConnectionError extends LlmError {
  constructor(url: string, cause: string) {
    super(
      "llm-connection",
      `cannot reach the model server at ${url} (${cause}); start it (ollama serve) or set SVC_LLM_URL`,
    );
    this.name = "LlmConnectionError";
  }
}

/** The model server did not finish its reply within the time allowed. */
export class LlmTimeoutError extends LlmError {
  constructor(url: string, ms: number) {
    super(
      "llm-timeout",
      `the model server at ${url} did not finish its reply within ${ms} ms; raise the timeout or use a smaller model`,
    );
    this.name = "LlmTimeoutError";
  }
}

/** The model server answered with an HTTP error or an error object. */
export class LlmApiError extends LlmError {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super("llm-api", message);
    this.name = "LlmApiError";
    this.status = status;
  }
}

/** The model is not pulled on the server (Ollama answers 404 "model ... not found"). */
export class LlmModelNotFoundError extends LlmError {
  constructor(model: string, url: string) {
    super(
      "llm-model-not-found",
      `the model '${model}' is not available on ${url}; run 'ollama pull ${model}' or set SVC_LLM_MODEL to a pulled model`,
    );
    this.name = "LlmModelNotFoundError";
  }
}

/** The reply is not the shape of the Ollama chat protocol (not JSON, no message, a broken tool call). */
export class LlmMalformedReplyError extends LlmError {
  constructor(url: string, what: string) {
    super("llm-malformed-reply", `the model server at ${url} sent a malformed reply: ${what}`);
    this.name = "LlmMalformedReplyError";
  }
}

/** The reply grew past the byte cap. */
export class LlmReplyTooLargeError extends LlmError {
  constructor(url: string, limit: number) {
    super("llm-reply-too-large", `the model server at ${url} sent more than ${limit} bytes in one reply`);
    this.name = "LlmReplyTooLargeError";
  }
}

export function isLlmError(err: unknown): err is LlmError {
  return err instanceof LlmError;
}

/** The caller cancelled the request (a closed chat page, Ctrl-C). */
export class LlmCancelledError extends LlmError {
  constructor() {
    super("llm-cancelled", "the model request was cancelled");
    this.name = "LlmCancelledError";
  }
}
