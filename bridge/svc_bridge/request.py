"""Turns the Web Server DAT's request dict into a normalised Request.

TouchDesigner gives `method`, `uri`, `pars` (query parameters), `clientAddress`,
`serverAddress` and `data`, and every HTTP header as one more key in the same dict. Header
casing is not something to rely on, so headers are collected under lower-case names.
"""

from .errors import BridgeError
from .percent import decode_query_string

KNOWN_KEYS = ("method", "uri", "pars", "clientAddress", "serverAddress", "data")


class Request:
    __slots__ = ("method", "raw_path", "query", "headers", "body", "client_address")

    def __init__(self, method, raw_path, query, headers, body, client_address):
        self.method = method
        self.raw_path = raw_path
        self.query = query
        self.headers = headers
        self.body = body
        self.client_address = client_address

    def header(self, name):
        """All values sent under this header name (any casing), in arrival order."""
        return self.headers.get(name.lower(), [])

    def first_header(self, name):
        values = self.header(name)
        return values[0] if values else None


def _body_bytes(data):
    if data is None:
        return b""
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    if isinstance(data, str):
        return data.encode("utf-8")
    raise BridgeError("invalid_body", "the request body has an unexpected type: %s" % type(data).__name__)


def _collect_headers(raw):
    headers = {}
    for key, value in raw.items():
        if not isinstance(key, str) or key in KNOWN_KEYS:
            continue
        if isinstance(value, (bytes, bytearray)):
            value = bytes(value).decode("latin-1")
        if not isinstance(value, str):
            value = str(value)
        headers.setdefault(key.lower(), []).append(value)
    return headers


def _collect_query(uri_query, pars):
    """Query values from the uri (if TD left the query string on it) and from `pars`."""
    query = {}
    for key, value in decode_query_string(uri_query):
        query.setdefault(key, value)
    if isinstance(pars, dict):
        for key, value in pars.items():
            if isinstance(value, (list, tuple)):
                value = value[0] if value else ""
            query.setdefault(str(key), "" if value is None else str(value))
    return query


def parse_request(raw):
    """Reads the request dict; never touches the body's content (that waits for security)."""
    if not isinstance(raw, dict):
        raise BridgeError("invalid_body", "the request is not a dict")
    method = str(raw.get("method") or "GET").upper()
    uri = str(raw.get("uri") or "/")
    # Some hosts pass a full URL; keep only the path and the query.
    if "://" in uri.split("?", 1)[0]:
        uri = "/" + uri.split("://", 1)[1].partition("/")[2]
    path, _, query_string = uri.partition("?")
    path = path.partition("#")[0]
    client = raw.get("clientAddress")
    return Request(
        method=method,
        raw_path=path or "/",
        query=_collect_query(query_string, raw.get("pars")),
        headers=_collect_headers(raw),
        body=_body_bytes(raw.get("data")),
        client_address=None if client is None else str(client),
    )
