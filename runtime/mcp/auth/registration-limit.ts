/**
 * The bound on dynamic client registration, ahead of the SDK's /register handler: one global
 * refilling bucket for requests made directly; with a trusted proxy, requests it forwards are
 * counted per source address under their own global ceiling instead, so one remote flood neither
 * starves other remote sources past their share nor the local clients.
 */
import type { NextFunction, Request, Response } from "express";
import { TooManyRequestsError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { SourceBuckets, TokenBucket } from "./token-bucket.js";

export interface RegistrationLimitOptions {
  perMinute: number;
  trustedProxy?: { perSourcePerMinute: number; ceilingPerMinute: number };
  now: () => number;
}

const MAX_SOURCE_CHARS = 64;

/**
 * The address the proxy appended last to X-Forwarded-For, or undefined for a direct request.
 * Only the last entry is the proxy's own; earlier ones are whatever the client claimed.
 */
function forwardedSource(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join(",") : header;
  if (!text) return undefined;
  const last = text.split(",").pop()!.trim().toLowerCase();
  return last.length > 0 && last.length <= MAX_SOURCE_CHARS ? last : "(unreadable)";
}

export function registrationLimit(options: RegistrationLimitOptions) {
  const global = new TokenBucket({ perMinute: options.perMinute }, options.now);
  const proxy = options.trustedProxy;
  const sources = proxy
    ? new SourceBuckets({ perMinute: proxy.perSourcePerMinute }, { perMinute: proxy.ceilingPerMinute }, options.now)
    : undefined;

  function admit(req: Request): { wait: number; who: string } {
    const source = sources ? forwardedSource(req.headers["x-forwarded-for"]) : undefined;
    if (sources && source !== undefined) return { wait: sources.admit(source), who: `from ${source}` };
    if (!global.canTake()) return { wait: global.secondsUntilNext(), who: "in all" };
    global.take();
    return { wait: 0, who: "in all" };
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "POST") return next();
    const { wait, who } = admit(req);
    if (wait === 0) return next();
    res.setHeader("retry-after", String(wait));
    res
      .status(429)
      .json(new TooManyRequestsError(`too many client registrations ${who}; retry in ${wait} s`).toResponseObject());
  };
}
