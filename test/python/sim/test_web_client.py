"""The Web Client DAT's Request pulse (webclientdat.py): an HTTP answer of any status reaches the
Callbacks DAT's onResponse on the main thread, a server that does not answer calls nothing, and an
inactive DAT sends nothing. Sources and what is UNVERIFIED: webclientdat.py's docstring."""
import http.server
import socket
import threading
import time

from .support import SimTestCase, tdsim


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        status = 401 if self.path == "/locked" else 200
        body = b'{"status": "ok"}'
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class WebClientTest(SimTestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.base = "http://127.0.0.1:%d" % cls.server.server_address[1]

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        super().setUp()
        self.log = []
        self.project.store("log", self.log)
        callbacks = self.create("textDAT", "answers")
        callbacks.text = (
            "def onResponse(webClientDAT, statusCode, headerDict, data, id=None):\n"
            "    op('/project1').fetch('log').append((webClientDAT.name, statusCode, headerDict.get('Content-Type'), data, id))\n"
        )
        self.web = self.create("webclientDAT", "web")
        self.web.par.callbacks = "answers"
        self.web.par.active = True
        self.web.par.timeout = 2000

    def wait_for_answers(self, count, seconds=10.0):
        end = time.monotonic() + seconds
        while len(self.log) < count and time.monotonic() < end:
            tdsim.step(1)
            time.sleep(0.01)

    def test_an_answer_of_any_status_reaches_on_response_with_code_and_message(self):
        self.web.par.url = self.base + "/api/health"
        self.web.par.request.pulse()
        self.web.par.url = self.base + "/locked"
        self.web.par.request.pulse()
        self.wait_for_answers(2)
        by_code = sorted(self.log, key=lambda entry: entry[1]["code"])
        self.assertEqual([(e[0], e[1], e[2], e[3]) for e in by_code], [
            ("web", {"code": 200, "message": "OK"}, "application/json", b'{"status": "ok"}'),
            ("web", {"code": 401, "message": "Unauthorized"}, "application/json", b'{"status": "ok"}'),
        ])
        self.assertNotEqual(by_code[0][4], by_code[1][4])

    def test_a_server_that_does_not_answer_calls_nothing(self):
        with socket.socket() as closed:
            closed.bind(("127.0.0.1", 0))
            port = closed.getsockname()[1]
        self.web.par.url = "http://127.0.0.1:%d/api/health" % port
        self.web.par.request.pulse()
        self.wait_for_answers(1, seconds=1.0)
        self.assertEqual(self.log, [])

    def test_an_inactive_client_sends_nothing(self):
        self.web.par.active = False
        self.web.par.url = self.base + "/api/health"
        self.web.par.request.pulse()
        self.wait_for_answers(1, seconds=1.0)
        self.assertEqual(self.log, [])
