"""A minimal RFC 6455 WebSocket server side: handshake, frame reading and writing.

Supports text, binary, ping, pong and close frames, fragmented messages and the three payload
length forms. Client frames must be masked (the RFC requires it); server frames are not.
"""
from __future__ import annotations

import base64
import hashlib
import struct
import threading

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0
MAX_MESSAGE = 16 * 1024 * 1024


class ProtocolError(Exception):
    pass


def accept_key(key: str) -> str:
    return base64.b64encode(hashlib.sha1((key.strip() + GUID).encode("ascii")).digest()).decode("ascii")


def encode_frame(opcode: int, payload: bytes, fin: bool = True, mask: bytes | None = None) -> bytes:
    head = bytearray([(0x80 if fin else 0) | opcode])
    mask_bit = 0x80 if mask else 0
    n = len(payload)
    if n < 126:
        head.append(mask_bit | n)
    elif n < 65536:
        head.append(mask_bit | 126)
        head += struct.pack(">H", n)
    else:
        head.append(mask_bit | 127)
        head += struct.pack(">Q", n)
    if mask:
        head += mask
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes(head) + payload


def _read_exact(stream, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            raise EOFError("connection closed")
        data += chunk
    return data


def read_frame(stream, require_mask: bool = True):
    """(fin, opcode, payload) of the next frame."""
    b0, b1 = _read_exact(stream, 2)
    fin, opcode = bool(b0 & 0x80), b0 & 0x0F
    masked, n = bool(b1 & 0x80), b1 & 0x7F
    if n == 126:
        (n,) = struct.unpack(">H", _read_exact(stream, 2))
    elif n == 127:
        (n,) = struct.unpack(">Q", _read_exact(stream, 8))
    if n > MAX_MESSAGE:
        raise ProtocolError("frame too large")
    if require_mask and not masked:
        raise ProtocolError("client frames must be masked")
    mask = _read_exact(stream, 4) if masked else None
    payload = _read_exact(stream, n)
    if mask:
        payload = (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(n, "big") if n else b""
    return fin, opcode, payload


def read_message(stream):
    """(opcode, payload) of the next whole message; control frames come back as they arrive."""
    fin, opcode, payload = read_frame(stream)
    if opcode in (CLOSE, PING, PONG):
        return opcode, payload
    if opcode == CONTINUATION:
        raise ProtocolError("continuation frame without a start")
    parts = [payload]
    while not fin:
        fin, op2, more = read_frame(stream)
        if op2 in (PING, PONG):
            raise ProtocolError("control frame inside a fragmented message is not supported")
        if op2 != CONTINUATION:
            raise ProtocolError("expected a continuation frame")
        parts.append(more)
        if sum(len(p) for p in parts) > MAX_MESSAGE:
            raise ProtocolError("message too large")
    return opcode, b"".join(parts)


class Connection:
    """One open WebSocket: writes are serialised so the main thread and the reader can both send."""

    def __init__(self, client_id, wfile, sock):
        self.client_id = client_id
        self._wfile = wfile
        self._sock = sock
        self._lock = threading.Lock()
        self.open = True

    def send(self, opcode: int, payload: bytes):
        with self._lock:
            if not self.open:
                raise ProtocolError(f"WebSocket {self.client_id} is closed")
            self._wfile.write(encode_frame(opcode, payload))
            self._wfile.flush()

    def close(self, code: int = 1000):
        with self._lock:
            if not self.open:
                return
            self.open = False
            try:
                self._wfile.write(encode_frame(CLOSE, struct.pack(">H", code)))
                self._wfile.flush()
            except OSError:
                pass
