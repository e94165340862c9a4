"""The Web Client DAT's request: pulsing Request (while Active) sends the Request Method to the URL
from a worker thread, and the answer reaches the Callbacks DAT's onResponse on the main thread at a
later frame, as TouchDesigner runs callbacks between cooks.

What is emulated, and on what evidence (the Web Client DAT page was not at hand, so all of it is
UNVERIFIED; check in TouchDesigner with a Web Client DAT pointed at a running and a stopped server):
- the parameters (kb: active, reqmethod, url, request pulse, timeout, callbacks);
- onResponse(webClientDAT, statusCode, headerDict, data, id), statusCode "a dictionary with two
  key-value pairs: 'code', 'message'" and data the body as bytes: the wording of TouchDesigner's
  default Web Client callbacks (older builds call it without `id`: a callback that takes `id=None`
  works with both). Every HTTP answer is a response, whatever its status;
- Timeout in milliseconds (0: no timeout of tdsim's own beyond 60 s).
Not emulated, because nothing at hand says what TouchDesigner does: any callback when the server
refuses the connection or does not answer in time (tdsim calls none: a network that must notice a
silent server has to notice the missing onResponse), onConnect/onDisconnect, streaming,
authentication, uploads, the DAT's own text output, and the Python request() method.
"""
from __future__ import annotations

import itertools
import sys
import threading
import traceback
import urllib.error
import urllib.request


#: Bytes of a body handed to onResponse; the rest is dropped (tdsim's bound, not TouchDesigner's).
MAX_BODY = 1 << 20
DEFAULT_TIMEOUT_S = 60.0
_ids = itertools.count(1)


def _fetch(method, url, timeout_s):
    """(code, message, headers, body) of any HTTP answer, or None when nothing answered."""
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as res:
            return res.status, res.reason, dict(res.headers.items()), res.read(MAX_BODY)
    except urllib.error.HTTPError as err:
        body = err.read(MAX_BODY) if err.fp is not None else b""
        return err.code, str(err.reason), dict(err.headers.items()) if err.headers else {}, body
    except Exception:
        return None


class WebClientDATMixin:
    def _on_pulse(self, par):
        if par.name != "request":
            return super()._on_pulse(par)
        if not bool(self.par.active.eval()):
            return None
        url = str(self.par.url.eval())
        if not url.startswith(("http://", "https://")):
            return None
        method = str(self.par.reqmethod.eval() or "get").upper()
        timeout_ms = int(self.par.timeout.eval() or 0)
        timeout_s = timeout_ms / 1000.0 if timeout_ms > 0 else DEFAULT_TIMEOUT_S
        request_id = next(_ids)
        loop = self._world.loop

        def work():
            answer = _fetch(method, url, timeout_s)
            if answer is not None:
                loop.post(lambda: self._respond(answer, request_id))

        threading.Thread(target=work, name=f"webclient {self.path}", daemon=True).start()
        return None

    def _respond(self, answer, request_id):
        if not self._valid:
            return
        code, message, headers, body = answer
        callbacks = None
        try:
            callbacks = self.par.callbacks.eval()
        except Exception:
            callbacks = None
        if callbacks is None or not getattr(callbacks, "_valid", False):
            return
        try:
            with self._world.as_me(callbacks):
                fn = getattr(callbacks.module, "onResponse", None)
                if callable(fn):
                    fn(self, {"code": code, "message": message}, headers, body, request_id)
        except Exception:
            traceback.print_exc(file=sys.stderr)
