"""Writes the envelope into TouchDesigner's response dict.

`{ok: true, data}` or `{ok: false, error: {code, message, ...}}`, always JSON. Keys other than
statusCode, statusReason and data become HTTP headers.
"""

import json
import math

REASONS = {
    200: "OK", 201: "Created", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
    404: "Not Found", 405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large",
    415: "Unsupported Media Type", 422: "Unprocessable Content", 500: "Internal Server Error",
    503: "Service Unavailable",
}


def json_safe(value):
    """A copy of value that json.dumps(allow_nan=False) accepts: non-finite floats become None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


def _write(response, status, payload, headers=None):
    response["statusCode"] = status
    response["statusReason"] = REASONS.get(status, "Error" if status >= 400 else "OK")
    response["Content-Type"] = "application/json"
    response["Cache-Control"] = "no-store"
    for name, value in (headers or {}).items():
        response[name] = value
    response["data"] = json.dumps(json_safe(payload), allow_nan=False, separators=(",", ":"))
    return response


def write_ok(response, data, status=200):
    return _write(response, status, {"ok": True, "data": data})


def write_error(response, error):
    return _write(response, error.status, {"ok": False, "error": error.to_error()}, error.headers)
