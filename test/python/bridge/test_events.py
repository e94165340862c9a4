"""The event stream over a real tdsim host: the security chain from outside, then the events."""

import base64
import http.client
import json
import os
import socket
import threading
import time
from unittest import mock

from test.python.bridge import support
from test.python.bridge.support import SimTestCase

from tdsim.host.host import Host  # noqa: E402  (support set the path)
from tdsim.families.dat.websocket import encode_frame, read_frame  # noqa: E402

CALLBACKS = os.path.join(support.BRIDGE, "callbacks", "webserver_callbacks.py")
MASK = b"\x01\x02\x03\x04"
WAIT_S = 30  # generous: a busy machine may run frames slowly; nothing waits this long when it works


class EventStreamTest(SimTestCase):
    def setUp(self):
        super().setUp()
        from svc_bridge import events
        events.reset()
        self.addCleanup(events.reset)
        import tdsim
        self.world = tdsim.world()
        self.host = Host(port=0, callbacks_path=CALLBACKS, w=self.world)
        self.host.start()
        thread = threading.Thread(target=self.world.loop.run_forever, daemon=True)
        thread.start()

        def stop():
            self.world.loop.stop()
            thread.join(timeout=10)
            self.host.stop()
        self.addCleanup(stop)

    # ---- HTTP and WebSocket from outside ------------------------------------------------------
    def http(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.host.port, timeout=WAIT_S)
        data = json.dumps(body).encode() if body is not None else None
        hdrs = {"Content-Type": "application/json"} if data is not None else {}
        hdrs.update(headers or {})
        conn.request(method, path, body=data, headers=hdrs)
        resp = conn.getresponse()
        reply = json.loads(resp.read())
        conn.close()
        return resp.status, reply

    def ticket(self, **headers):
        status, reply = self.http("POST", "/api/events/ticket", {}, headers)
        self.assertEqual(status, 200, reply)
        return reply["data"]["ticket"]

    def connect(self, path="/api/events/stream"):
        sock = socket.create_connection(("127.0.0.1", self.host.port), timeout=WAIT_S)
        self.addCleanup(sock.close)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, key)).encode())
        stream = sock.makefile("rb")
        self.assertIn(b"101", stream.readline())
        while stream.readline().strip():
            pass
        return sock, stream

    def send(self, sock, message):
        sock.sendall(encode_frame(0x1, json.dumps(message).encode(), mask=MASK))

    def receive(self, stream):
        """The next text message, or ('closed', None) when the bridge closed the socket."""
        while True:
            _, opcode, payload = read_frame(stream, require_mask=False)
            if opcode == 0x8:
                return "closed"
            if opcode == 0x1:
                return json.loads(payload)

    def subscribe(self, **hello):
        sock, stream = self.connect()
        self.send(sock, dict({"type": "hello", "ticket": self.ticket()}, **hello))
        welcome = self.receive(stream)
        self.assertEqual(welcome["type"], "welcome", welcome)
        return sock, stream

    def refused(self, stream, code):
        message = self.receive(stream)
        self.assertEqual((message["type"], message["code"]), ("error", code), message)
        self.assertEqual(self.receive(stream), "closed")

    def next_event(self, stream, event, path=None):
        while True:
            message = self.receive(stream)
            self.assertNotEqual(message, "closed")
            if message.get("event") == event and (path is None or message["data"].get("path") == path):
                return message

    # ---- security ------------------------------------------------------------------------------
    def test_the_ticket_route_passes_the_whole_http_chain(self):
        self.set_env(SVC_BRIDGE_TOKEN="s3cret")
        self.assertEqual(self.http("POST", "/api/events/ticket", {})[0], 401)
        self.assertEqual(self.http("POST", "/api/events/ticket", {}, {"Authorization": "Bearer wrong"})[0], 401)
        auth = {"Authorization": "Bearer s3cret"}
        status, reply = self.http("POST", "/api/events/ticket", {}, dict(auth, Origin="http://evil.example"))
        self.assertEqual((status, reply["error"]["code"]), (403, "forbidden_origin"))
        status, reply = self.http("POST", "/api/events/ticket", {}, dict(auth, Host="evil.example:9980"))
        self.assertEqual((status, reply["error"]["code"]), (403, "forbidden_host"))
        conn = http.client.HTTPConnection("127.0.0.1", self.host.port, timeout=WAIT_S)
        conn.request("POST", "/api/events/ticket", body=b"{}", headers=dict(auth, **{"Content-Type": "text/plain"}))
        self.assertEqual(conn.getresponse().status, 415)
        conn.close()
        self.assertTrue(self.ticket(**auth))

    def test_a_socket_gets_nothing_without_a_valid_single_use_ticket(self):
        sock, stream = self.connect()
        self.send(sock, {"type": "hello", "ticket": "made-up"})
        self.refused(stream, "unauthorized")
        sock, stream = self.connect()
        self.send(sock, {"type": "subscribe", "high_frequency": ["timeline.frame"]})  # skipping hello
        self.refused(stream, "unauthorized")
        ticket = self.ticket()
        sock, stream = self.connect()
        self.send(sock, {"type": "hello", "ticket": ticket})
        self.assertEqual(self.receive(stream)["type"], "welcome")
        sock, stream = self.connect()
        self.send(sock, {"type": "hello", "ticket": ticket})  # replayed
        self.refused(stream, "unauthorized")
        sock, stream = self.connect("/not-the-stream")
        self.refused(stream, "not_found")

    def test_an_expired_ticket_and_a_silent_socket_are_refused(self):
        from svc_bridge import events
        real, offset = events.now, [0.0]
        patcher = mock.patch.object(events, "now", lambda: real() + offset[0])
        patcher.start()
        self.addCleanup(patcher.stop)
        ticket = self.ticket()
        sock, stream = self.connect()
        silent_sock, silent = self.connect()
        self.http("GET", "/api/health")  # answered after both opens ran (main thread, in order)
        offset[0] = max(events.TICKET_TTL_S, events.HELLO_TIMEOUT_S) + 1
        self.send(sock, {"type": "hello", "ticket": ticket})
        self.refused(stream, "unauthorized")
        self.refused(silent, "unauthorized")

    def test_a_foreign_peer_is_refused_on_open(self):
        from svc_bridge import events
        sent, closed = [], []

        class Server:
            def webSocketSendText(self, client, data):
                sent.append(json.loads(data))

            def webSocketClose(self, client):
                closed.append(client)

        events.on_open(Server(), "192.168.1.20:5000", "/api/events/stream")
        self.assertEqual(sent[0]["code"], "forbidden_peer")
        self.assertEqual(closed, ["192.168.1.20:5000"])
        self.assertEqual(events._clients, {})
        # A ticket taken by a loopback client is bound to its address.
        entry = events.issue_ticket("127.0.0.1")
        self.set_env(SVC_BRIDGE_ALLOW_LAN="1", SVC_BRIDGE_TOKEN="t")
        events.on_open(Server(), "192.168.1.20:5001", "/api/events/stream")
        events.on_text(Server(), "192.168.1.20:5001", json.dumps({"type": "hello", "ticket": entry["ticket"]}))
        self.assertEqual(sent[-1]["code"], "unauthorized")

    # ---- events ------------------------------------------------------------------------------
    def test_created_error_recovered_deleted_and_watched_changes_arrive_in_order(self):
        sock, stream = self.subscribe()
        batch = {"operations": [{"action": "create", "parent_path": "/project1", "type": "noiseTOP", "name": "n1"}]}
        self.assertEqual(self.http("POST", "/api/batch", batch)[0], 200)
        created = self.next_event(stream, "node.created", "/project1/n1")
        self.assertEqual(created["data"]["type"], "noiseTOP")
        bad = {"operations": [{"action": "set_mode", "path": "/project1/n1", "param": "seed", "mode": "expression",
                               "expr": "1/0"}]}
        self.assertEqual(self.http("POST", "/api/batch", bad)[0], 200)
        error = self.next_event(stream, "node.error", "/project1/n1")
        self.assertTrue(error["data"]["erroring"])
        self.assertTrue(error["data"]["errors"])
        self.assertGreater(error["seq"], created["seq"])
        good = {"operations": [{"action": "set_mode", "path": "/project1/n1", "param": "seed", "mode": "constant",
                                "value": 3}]}
        self.assertEqual(self.http("POST", "/api/batch", good)[0], 200)
        recovered = self.next_event(stream, "node.error", "/project1/n1")
        self.assertFalse(recovered["data"]["erroring"])
        status, watch = self.http("POST", "/api/params/watch", {"path": "/project1/n1", "params": ["seed", "period"]})
        self.assertEqual(status, 200, watch)
        for seed in (4, 5, 6):
            self.http("PATCH", "/api/nodes/%2Fproject1%2Fn1", {"parameters": {"seed": seed}})
        changed = self.next_event(stream, "param.changed", "/project1/n1")
        self.assertEqual([c["param"] for c in changed["data"]["changes"]], ["seed"])  # coalesced per sweep
        self.http("DELETE", "/api/nodes/%2Fproject1%2Fn1?confirmation_policy=yolo")
        deleted = self.next_event(stream, "node.deleted", "/project1/n1")
        self.assertGreater(deleted["seq"], changed["seq"])
        status, reply = self.http("GET", "/api/events?after=%d" % created["seq"])
        self.assertIn("node.deleted", [e["event"] for e in reply["data"]["events"]])

    def test_high_frequency_events_only_for_subscribers_that_asked(self):
        quiet_sock, quiet = self.subscribe()
        sock, stream = self.subscribe(high_frequency=["timeline.frame"])
        frame = self.next_event(stream, "timeline.frame")
        self.assertIn("frame", frame["data"])
        self.http("POST", "/api/nodes", {"parent_path": "/project1", "type": "noiseTOP", "name": "marker"})
        # the quiet subscriber's next message is the node, never a frame
        message = self.receive(quiet)
        self.assertEqual((message["event"], message["data"]["path"]), ("node.created", "/project1/marker"))
        self.send(sock, {"type": "subscribe", "high_frequency": ["bogus"]})
        self.assertEqual(self.next_event_type(stream, "error")["code"], "invalid_message")

    def next_event_type(self, stream, kind):
        while True:
            message = self.receive(stream)
            if message != "closed" and message.get("type") == kind:
                return message

    def test_the_sweep_stops_when_the_last_subscriber_leaves(self):
        from svc_bridge import ticker
        sock, stream = self.subscribe()
        self.assertTrue(ticker.active("events"))
        sock.sendall(encode_frame(0x8, b"\x03\xe8", mask=MASK))
        self.assertEqual(self.receive(stream), "closed")
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline and ticker.active("events"):
            time.sleep(0.02)
        self.assertFalse(ticker.active("events"))
