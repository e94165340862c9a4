import base64
import http.client
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import textwrap
import threading
import unittest

from .support import SIM, SimTestCase, td, tdsim  # sets the import path first

from tdsim.host.host import Host  # noqa: E402
from tdsim.families.dat.websocket import encode_frame, read_frame  # noqa: E402

CALLBACKS = textwrap.dedent('''
    import json, threading, time
    events = []

    def onServerStart(webServerDAT):
        events.append(("start", webServerDAT.name))

    def onHTTPRequest(webServerDAT, request, response):
        if request['uri'] == '/default':
            return response
        if request['uri'] == '/boom':
            raise RuntimeError('boom')
        if request['uri'] == '/slow':
            time.sleep(0.1)
        seen = dict(request)
        seen['data'] = [type(request['data']).__name__, request['data'].decode('utf-8')]
        seen['thread'] = threading.get_ident()
        seen['me'] = me.path
        seen['server'] = webServerDAT.path
        response['statusCode'] = 201
        response['statusReason'] = 'Made'
        response['Content-Type'] = 'application/json'
        response['X-Extra'] = 'yes'
        response['data'] = json.dumps(seen)
        return response

    def onWebSocketOpen(webServerDAT, client, uri):
        events.append(("open", uri))

    def onWebSocketReceiveText(webServerDAT, client, data):
        webServerDAT.webSocketSendText(client, 'echo:' + data)

    def onWebSocketClose(webServerDAT, client):
        events.append(("close", client))
''')


class HostTest(SimTestCase):
    def setUp(self):
        super().setUp()
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, "callbacks.py")
        with open(path, "w") as f:
            f.write(CALLBACKS)
        self.host = Host(port=0, callbacks_path=path, w=self.world)
        self.host.start()
        self.loop_thread = threading.Thread(target=self.world.loop.run_forever, daemon=True)
        self.loop_thread.start()
        self.addCleanup(self._stop)

    def _stop(self):
        self.world.loop.stop()
        self.loop_thread.join(timeout=10)
        self.host.stop()

    def request(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.host.port, timeout=30)
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp, data

    def test_round_trip_with_the_web_server_dat_contract(self):
        resp, data = self.request("POST", "/api/a%20b?x=1&y=two", body=b'{"k": 1}',
                                  headers={"Content-Type": "application/json", "X-Token": "t"})
        self.assertEqual((resp.status, resp.reason), (201, "Made"))
        self.assertEqual(resp.getheader("X-Extra"), "yes")
        self.assertEqual(resp.getheader("Content-Type"), "application/json")
        seen = json.loads(data)
        self.assertEqual(seen["method"], "POST")
        self.assertEqual(seen["uri"], "/api/a%20b")
        self.assertEqual(seen["pars"], {"x": "1", "y": "two"})
        self.assertEqual(seen["clientAddress"], "127.0.0.1")
        self.assertEqual(seen["serverAddress"], "127.0.0.1")
        self.assertEqual(seen["data"], ["bytes", '{"k": 1}'])
        self.assertEqual(seen["Content-Type"], "application/json")   # header names as sent
        self.assertEqual(seen["X-Token"], "t")
        self.assertEqual(seen["me"], "/local/webserver1_callbacks")
        self.assertEqual(seen["server"], "/local/webserver1")
        self.assertEqual(seen["thread"], self.loop_thread.ident)       # ran on the main loop
        self.assertEqual(td.op("/local/webserver1").par.port.eval(), self.host.port)

    def test_uri_can_arrive_decoded(self):
        # Undocumented in TouchDesigner: tdsim passes the uri as sent unless TDSIM_URI=decoded.
        from unittest import mock
        self.assertEqual(json.loads(self.request("GET", "/a%2Fb")[1])["uri"], "/a%2Fb")
        with mock.patch.dict(os.environ, {"TDSIM_URI": "decoded"}):
            decoding = Host(port=0, callbacks_path=self.host.callbacks_path, w=self.world)
        decoding.start()
        self.addCleanup(decoding.stop)
        conn = http.client.HTTPConnection("127.0.0.1", decoding.port, timeout=30)
        conn.request("GET", "/api/nodes/%2Fa%2Ferrors%20x?q=%2F")
        seen = json.loads(conn.getresponse().read())
        conn.close()
        self.assertEqual(seen["uri"], "/api/nodes//a/errors x")
        self.assertEqual(seen["pars"], {"q": "/"})

    def test_untouched_response_is_404(self):
        resp, data = self.request("GET", "/default")
        self.assertEqual((resp.status, data), (404, b""))

    def test_callback_exception_is_500(self):
        import contextlib
        import io
        with contextlib.redirect_stderr(io.StringIO()):
            resp, data = self.request("GET", "/boom")
        self.assertEqual(resp.status, 500)
        self.assertIn(b"RuntimeError", data)

    def test_slow_request_is_measured_as_dropped_frames(self):
        tdsim.reset_stats()
        resp, _ = self.request("GET", "/slow")
        self.assertEqual(resp.status, 201)
        stats = tdsim.stats()
        self.assertGreaterEqual(stats["droppedFrames"], 5)  # 100 ms of work is 6 frame periods
        self.assertGreaterEqual(stats["requestMsMax"], 100.0)
        self.assertEqual(stats["requests"], 1)

    def test_server_start_callback_ran(self):
        self.request("GET", "/default")
        self.assertIn(("start", "webserver1"), self.host.callbacks().events)

    def test_websocket_echo(self):
        sock = socket.create_connection(("127.0.0.1", self.host.port), timeout=10)
        self.addCleanup(sock.close)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        stream = sock.makefile("rb")
        status = stream.readline()
        self.assertIn(b"101", status)
        headers = {}
        while True:
            line = stream.readline().strip()
            if not line:
                break
            name, _, value = line.decode().partition(":")
            headers[name.lower()] = value.strip()
        import hashlib
        expected = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        self.assertEqual(headers["sec-websocket-accept"], expected)
        sock.sendall(encode_frame(0x1, "héllo".encode(), mask=b"\x01\x02\x03\x04"))
        fin, opcode, payload = read_frame(stream, require_mask=False)
        self.assertEqual((fin, opcode, payload.decode()), (True, 0x1, "echo:héllo"))
        big = "x" * 70000
        sock.sendall(encode_frame(0x1, big.encode(), mask=b"\x09\x08\x07\x06"))
        fin, opcode, payload = read_frame(stream, require_mask=False)
        self.assertEqual(len(payload), 70005)
        sock.sendall(encode_frame(0x8, struct.pack(">H", 1000), mask=b"\x01\x01\x01\x01"))
        fin, opcode, payload = read_frame(stream, require_mask=False)
        self.assertEqual(opcode, 0x8)
        self.request("GET", "/default")  # one more frame so the close callback has run
        events = self.host.callbacks().events
        self.assertIn(("open", "/events"), events)
        self.assertTrue(any(e[0] == "close" for e in events))


class RunHostTest(unittest.TestCase):
    def start(self, *args):
        proc = subprocess.Popen([sys.executable, os.path.join(SIM, "run_host.py"), *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        def finish():
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
            proc.stdout.close()
            proc.stderr.close()
        self.addCleanup(finish)
        return proc

    def test_listens_answers_404_and_stops_on_sigterm(self):
        proc = self.start("--port", "0")
        line = proc.stdout.readline().strip()
        self.assertRegex(line, r"^tdsim listening on http://127\.0\.0\.1:\d+$")
        port = int(line.rsplit(":", 1)[1])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/api/info")
        resp = conn.getresponse()
        self.assertEqual(resp.status, 404)
        resp.read()
        conn.close()

    def test_td_names_are_globals_of_main_in_the_host(self):
        # As in TouchDesigner's textport: `import __main__` sees op, me, parent, ui, project...
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, "callbacks.py")
        with open(path, "w") as fh:
            fh.write("def onHTTPRequest(dat, request, response):\n"
                     "    import __main__\n"
                     "    names = ('op', 'me', 'parent', 'ui', 'project', 'tdu', 'mod')\n"
                     "    response['statusCode'] = 200\n"
                     "    response['data'] = ' '.join(n for n in names if n in vars(__main__)) + ' ' + __main__.op('/project1').path\n"
                     "    return response\n")
        proc = self.start("--port", "0", "--callbacks", path)
        port = int(proc.stdout.readline().strip().rsplit(":", 1)[1])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/")
        resp = conn.getresponse()
        self.assertEqual((resp.status, resp.read().decode()), (200, "op me parent ui project tdu mod /project1"))
        conn.close()
        proc.terminate()
        self.assertEqual(proc.wait(timeout=30), 0)

    def test_port_in_use_is_one_line_and_exit_3(self):
        holder = socket.socket()
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        self.addCleanup(holder.close)
        proc = self.start("--port", str(holder.getsockname()[1]))
        out, err = proc.communicate(timeout=30)
        self.assertEqual(proc.returncode, 3)
        self.assertEqual(err.strip().count("\n"), 0)
        self.assertIn("already in use", err)

    def test_missing_state_file(self):
        proc = self.start("--port", "0", "--state", "/nonexistent/state.json")
        out, err = proc.communicate(timeout=30)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("state file not found", err)
