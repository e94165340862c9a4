"""The whole-read port over HTTP: one request, answered over several frames, checked like any other."""

import json
import threading
import urllib.error
import urllib.request
from unittest import mock

from test.python.bridge.support import SimTestCase, enc


class WholeReadTest(SimTestCase):
    def setUp(self):
        super().setUp()
        from svc_bridge import ticker, whole_read
        ticker.reset()
        whole_read.reset()
        self.addCleanup(ticker.reset)
        self.addCleanup(whole_read.reset)
        import tdsim
        self.tdsim = tdsim
        self.make_network(12)
        info = self.ok("GET", "/api/info")
        self.port = info["whole_read"]["port"]
        self.uri = "/api/network/%s/state" % enc("/project1/net")

    def make_network(self, count):
        net = self.td.op("/project1").create("baseCOMP", "net")
        for i in range(count):
            node = net.create("noiseTOP", "n%02d" % i)
            node.par.seed = i
        net.storage["svc_applied"] = {"pieces": ["svc_applied.x"]}
        net.storage["svc_applied.x"] = "{}"

    def send(self, body, headers=None, path=None, method="POST"):
        """Sends one request from a thread and runs frames until it is answered."""
        data = json.dumps(body).encode("utf-8")
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path or self.uri), data=data, method=method,
                                     headers=dict({"Content-Type": "application/json"}, **(headers or {})))
        out = {}

        def run():
            try:
                with urllib.request.urlopen(req, timeout=60) as res:
                    out["status"], out["body"] = res.status, json.loads(res.read())
            except urllib.error.HTTPError as err:
                out["status"], out["body"] = err.code, json.loads(err.read())

        thread = threading.Thread(target=run)
        thread.start()
        frames = 0
        while thread.is_alive() and frames < 5000:
            self.tdsim.step(1)
            frames += 1
            thread.join(0.001)
        thread.join(5)
        self.assertFalse(thread.is_alive(), "no answer after %d frames" % frames)
        out["frames"] = frames
        return out

    def paged(self, body):
        nodes, after, first = [], None, None
        while True:
            page = self.ok("POST", self.uri, dict(body, after=after, max_nodes=5))
            first = first or page
            nodes += page["nodes"]
            if page["next_after"] is None:
                return first, nodes
            after = page["next_after"]

    def test_one_request_over_several_frames_lists_what_the_pages_list(self):
        from svc_bridge import whole_read
        body = {"wanted": ["amp"], "storage_key": "svc_applied"}
        with mock.patch.object(whole_read, "SLICE_MS", 0.0):  # a slice of 0.5 ms: several frames
            out = self.send(body)
        self.assertEqual(out["status"], 200, out)
        data = out["body"]["data"]
        self.assertGreater(data["slices"], 1)
        self.assertGreaterEqual(out["frames"], data["slices"])
        first, nodes = self.paged(body)
        self.assertEqual(data["nodes"], nodes)
        self.assertEqual(data["root"], first["root"])
        self.assertEqual(data["stored"], first["stored"])
        self.assertEqual((data["next_after"], data["complete"]), (None, True))
        # Known digests come back as path and digest only, as on the pages.
        again = self.send(dict(body, known=[n["digest"] for n in nodes]))["body"]["data"]
        self.assertEqual([sorted(n) for n in again["nodes"]], [["digest", "path"]] * 12)

    def test_checked_like_every_request(self):
        self.assertEqual(self.send({}, headers={"Origin": "http://evil.example"})["body"]["error"]["code"],
                         "forbidden_origin")
        self.set_env(SVC_BRIDGE_TOKEN="s3cret")
        self.assertEqual(self.send({})["status"], 401)
        ok = self.send({}, headers={"Authorization": "Bearer s3cret"})
        self.assertEqual(ok["status"], 200, ok)

    def test_bounds_and_bad_input_are_refused(self):
        too_many = self.send({"max_nodes": 3})
        self.assertEqual((too_many["status"], too_many["body"]["error"]["code"]), (413, "read_too_large"))
        self.assertEqual(self.send({"after": "/project1/net/n01"})["body"]["error"]["code"], "invalid_field")
        self.assertEqual(self.send({}, path="/api/nodes")["body"]["error"]["code"], "not_found")
        missing = self.send({}, path="/api/network/%s/state" % enc("/project1/nosuch"))
        self.assertEqual((missing["status"], missing["body"]["error"]["code"]), (404, "node_not_found"))

    def test_the_port_can_be_turned_off(self):
        self.set_env(SVC_BRIDGE_READ_PORT="off")
        self.assertIsNone(self.ok("GET", "/api/info")["whole_read"])
        self.set_env(SVC_BRIDGE_READ_PORT="")
        self.assertIsInstance(self.ok("GET", "/api/info")["whole_read"]["port"], int)

    def test_an_idle_port_does_not_hold_a_reload_and_a_reload_stops_it(self):
        from svc_bridge import dev, read_server
        self.assertEqual(dev.busy(), [])
        before = self.port
        self.assertEqual(self.send({})["status"], 200)
        read_server.stop().join(10)
        with self.assertRaises(OSError):  # the old port no longer answers
            import socket
            socket.create_connection(("127.0.0.1", before), timeout=2).close()
            raise AssertionError("still listening")
        self.port = self.ok("GET", "/api/info")["whole_read"]["port"]
        self.assertEqual(self.send({})["status"], 200)

    def test_slices_draw_on_the_bridges_share_of_the_frame(self):
        from svc_bridge import shedding, whole_read
        self.set_env(SVC_BRIDGE_FRAME_BUDGET_MS="8")
        bucket = shedding.FrameBudget(clock=lambda: 0.0)  # a frozen clock: nothing refills it
        with mock.patch.object(shedding, "_bucket", bucket), mock.patch.object(whole_read, "SLICE_MS", 0.0):
            out = self.send({})
        self.assertEqual(out["status"], 200, out)
        self.assertLess(bucket.level_ms, 8.0)

    def test_a_lan_client_is_not_sent_to_the_loopback_port(self):
        self.set_env(SVC_BRIDGE_ALLOW_LAN="1", SVC_BRIDGE_TOKEN="s3cret")
        auth = {"Authorization": "Bearer s3cret"}
        self.assertIsNone(self.ok("GET", "/api/info", client="192.168.1.20", headers=auth)["whole_read"])
        self.assertIsInstance(self.ok("GET", "/api/info", headers=auth)["whole_read"]["port"], int)

    def test_a_request_without_the_token_is_answered_from_its_head(self):
        # No frame runs here: the answer comes from the port's thread, and before the body (never sent).
        import socket
        self.set_env(SVC_BRIDGE_TOKEN="t", SVC_BRIDGE_READ_IDLE_SECONDS="0.5")
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as conn:
            conn.sendall(("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          "Content-Length: 5\r\n\r\n" % self.uri).encode("ascii"))
            answer = b""
            while b"\r\n\r\n" not in answer:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                answer += chunk
        self.assertTrue(answer.startswith(b"HTTP/1.1 401"), answer[:200])
