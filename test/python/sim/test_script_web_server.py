"""A Web Server DAT that a script creates and activates serves on its port (issue #14: only the
host's own /local/webserver1 did), with its callbacks DAT, and stops when deactivated."""
import http.client
import socket

from .support import SimTestCase, td, tdsim

CALLBACKS = """
def onServerStart(webServerDAT):
    op('/project1').fetch('log').append('start')

def onServerStop(webServerDAT):
    op('/project1').fetch('log').append('stop')

def onHTTPRequest(webServerDAT, request, response):
    response['statusCode'] = 200
    response['data'] = 'hello from %s %s' % (webServerDAT.name, request['uri'])
    return response
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ScriptWebServerTest(SimTestCase):
    def serve(self):
        log = []
        self.project.store("log", log)
        callbacks = self.project.create(td.textDAT, "web_callbacks")
        callbacks.text = CALLBACKS
        server = self.project.create(td.webserverDAT, "web")
        server.par.callbacks = "web_callbacks"
        server.par.port = free_port()
        server.par.active = True
        self.addCleanup(lambda: (setattr(server.par, "active", False), tdsim.step(1)) if server.valid else None)
        tdsim.step(2)  # the server starts at the end of a frame; onServerStart runs on the next
        return server, log

    def get(self, port, path):
        # The request waits for the main thread, which this test drives: answer from a thread.
        import threading
        result = {}

        def ask():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", path)
            resp = conn.getresponse()
            result["answer"] = (resp.status, resp.read().decode())
            conn.close()
        t = threading.Thread(target=ask)
        t.start()
        while t.is_alive():
            tdsim.step(1)
            t.join(0.01)
        return result["answer"]

    def test_starting_does_not_start_the_project_again(self):
        # Execute DAT onStart: "called when the project starts", once; a Web Server DAT that a
        # script turns on later starts its server, not the project.
        execute = self.project.create(td.executeDAT, "on_start")
        execute.text = "def onStart():\n    op('/project1').fetch('log').append('project start')\n"
        execute.par.start = True
        execute.par.active = True
        server, log = self.serve()
        tdsim.step(2)
        self.assertEqual(log, ["start"])

    def test_serves_with_its_callbacks_and_stops(self):
        server, log = self.serve()
        port = int(server.par.port.eval())
        self.assertEqual(self.get(port, "/hi"), (200, "hello from web /hi"))
        self.assertEqual(log, ["start"])
        server.par.active = False
        tdsim.step(1)
        self.assertEqual(log, ["start", "stop"])
        with self.assertRaises(OSError):
            http.client.HTTPConnection("127.0.0.1", port, timeout=5).request("GET", "/")

    def test_a_port_in_use_is_an_error_on_the_dat(self):
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen(1)
            server = self.project.create(td.webserverDAT)
            server.par.port = taken.getsockname()[1]
            server.par.active = True
            import contextlib
            import io
            with contextlib.redirect_stderr(io.StringIO()):
                tdsim.step(2)
            self.assertIn("Cannot listen on port", server.scriptErrors())
