"""The interaction broker's state machine (spec 3.2) on tdsim, one transition per test, and the
deletes it authorizes. The frame loop is stepped by hand; the broker's clock is moved by patching
broker.now, so a timeout costs no waiting."""

from unittest import mock

from test.python.bridge.support import SimTestCase


class BrokerCase(SimTestCase):
    def setUp(self):
        super().setUp()
        from svc_bridge import broker, ticker
        import tdsim.process.artist
        broker.reset()
        ticker.reset()
        self.addCleanup(broker.reset)
        self.addCleanup(ticker.reset)
        self.broker = broker
        self.artist = tdsim.process.artist.artist()
        self.clock = [1000.0]
        patcher = mock.patch.object(broker, "now", lambda: self.clock[0])
        patcher.start()
        self.addCleanup(patcher.stop)
        self.ok("POST", "/api/nodes", {"parent_path": "/project1", "type": "noiseTOP", "name": "n1"})

    def frames(self, n=2):
        import tdsim
        for _ in range(n):
            tdsim.world().loop.step()

    def ask(self, kind="node_delete", target="/project1/n1", **extra):
        return self.ok("POST", "/api/interactions", dict({"kind": kind, "target": target}, **extra))

    def state(self, rid):
        return self.ok("GET", "/api/interactions/%s" % rid)

    def exists(self, path="/project1/n1"):
        return self.td.op(path) is not None


class BrokerTest(BrokerCase):
    # ---- (none) -> pending ---------------------------------------------------------------------
    def test_a_request_is_pending_at_once_and_the_prompt_comes_on_the_next_frame(self):
        r = self.ask(ttl_seconds=5, message="svc wants to remove n1")
        self.assertEqual((r["state"], r["choices"], r["safe_choice"]), ("pending", ["Keep", "Bypass", "Delete"], "Keep"))
        self.assertNotIn("fingerprint", r)
        self.assertEqual(self.artist.shown, [])
        self.frames()  # the request was answered during frame F: its prompt runs in frame F + 1
        self.assertEqual(len(self.artist.shown), 1)
        title, message, buttons = self.artist.shown[0]
        self.assertIn("/project1/n1", message)
        self.assertEqual(buttons, ["Keep", "Bypass", "Delete"])

    def test_requests_outside_the_allowlist_or_ttl_range_are_refused(self):
        self.fails("POST", "/api/interactions", {"kind": "format_disk", "target": "/"}, code="invalid_field")
        for ttl in (4, 121):
            self.fails("POST", "/api/interactions", {"kind": "node_delete", "target": "/project1/n1", "ttl_seconds": ttl},
                       code="invalid_field")
        self.fails("POST", "/api/interactions", {"kind": "node_delete", "target": "/project1/nothere"},
                   code="node_not_found")
        self.fails("POST", "/api/interactions", {"kind": "node_delete", "target": "/project1/n1", "fingerprint": "x"},
                   code="invalid_field")

    def test_a_full_queue_is_refused_before_anything_changes(self):
        for _ in range(self.broker.MAX_PENDING):
            self.ask()
        before = dict(self.broker._records)
        self.fails("POST", "/api/interactions", {"kind": "node_delete", "target": "/project1/n1"},
                   code="interaction_queue_full", status=429)
        self.assertEqual(self.broker._records, before)
        self.assertEqual(self.ok("GET", "/api/interactions/status")["pending"], self.broker.MAX_PENDING)

    # ---- pending -> terminal ---------------------------------------------------------------------
    def test_the_artists_choice_within_the_ttl_is_the_result(self):
        self.artist.script(["choose:Delete"])
        rid = self.ask()["id"]
        self.frames()
        self.assertEqual((self.state(rid)["state"], self.state(rid)["choice"], self.state(rid)["reason"]),
                         ("terminal", "Delete", "chosen"))

    def test_an_answer_after_the_ttl_is_the_safe_choice(self):
        rid = self.ask(ttl_seconds=5)["id"]
        original = self.artist.answer

        def slow(*args):  # the artist takes 6 s with the modal box open, then presses Delete
            self.clock[0] += 6
            self.artist.script(["choose:Delete"])
            return original(*args)
        with mock.patch.object(self.artist, "answer", slow):
            self.frames()
        self.assertEqual((self.state(rid)["choice"], self.state(rid)["reason"]), ("Keep", "timeout"))

    def test_a_request_never_shown_within_its_ttl_times_out_to_keep(self):
        self.artist.script(["choose:Delete", "choose:Delete"])
        first = self.ask()["id"]
        second = self.ask(ttl_seconds=5)["id"]
        self.frames()  # one prompt a frame: the first is answered, the second waits
        self.clock[0] += 6
        self.frames(1)
        self.assertEqual(self.state(first)["choice"], "Delete")
        self.assertEqual((self.state(second)["choice"], self.state(second)["reason"]), ("Keep", "timeout"))

    def test_closing_the_box_is_the_safe_choice(self):
        self.artist.script(["close"])
        rid = self.ask(kind="oauth_consent", target={"client_name": "Claude", "redirect_uri": "http://127.0.0.1:5000/cb"})["id"]
        self.frames()
        self.assertEqual((self.state(rid)["choice"], self.state(rid)["reason"]), ("Deny", "closed"))

    def test_cancel_is_the_safe_choice_and_late_transitions_stay_terminal(self):
        rid = self.ask()["id"]
        r = self.ok("POST", "/api/interactions/%s/cancel" % rid)
        self.assertEqual((r["state"], r["choice"], r["reason"]), ("terminal", "Keep", "cancelled"))
        self.artist.script(["choose:Delete"])
        self.frames()
        self.assertEqual(self.artist.shown, [])  # never shown
        again = self.ok("POST", "/api/interactions/%s/cancel" % rid)
        self.assertEqual((again["choice"], again["reason"]), ("Keep", "cancelled"))

    def test_perform_mode_fails_closed_when_asked_and_while_pending(self):
        self.td.ui.performMode = True
        r = self.ask()
        self.assertEqual((r["state"], r["choice"], r["reason"]), ("terminal", "Keep", "perform_mode"))
        self.td.ui.performMode = False
        rid = self.ask()["id"]
        self.td.ui.performMode = True
        self.frames()
        self.assertEqual((self.state(rid)["choice"], self.state(rid)["reason"]), ("Keep", "perform_mode"))
        self.assertEqual(self.artist.shown, [])

    def test_headless_operation_and_ui_loss_fail_closed(self):
        import td
        ui = td.ui
        with mock.patch.object(type(ui), "messageBox", None):
            r = self.ask()
            self.assertEqual((r["choice"], r["reason"]), ("Keep", "headless"))
            self.assertEqual(self.ok("GET", "/api/interactions/status")["delivery"], "headless")
        rid = self.ask()["id"]
        with mock.patch.object(type(ui), "messageBox", None):
            self.frames()
        self.assertEqual((self.state(rid)["choice"], self.state(rid)["reason"]), ("Keep", "ui_lost"))

    def test_a_scheduling_error_fails_closed(self):
        import td
        with mock.patch.object(td, "run", side_effect=RuntimeError("no frames")):
            r = self.ask()
        self.assertEqual((r["choice"], r["reason"]), ("Keep", "scheduling_error"))
        self.artist.script(["choose:NoSuchButton"])  # the box itself raising
        rid = self.ask()["id"]
        self.frames()
        self.assertEqual((self.state(rid)["choice"], self.state(rid)["reason"]), ("Keep", "scheduling_error"))

    # ---- terminal -> consumed --------------------------------------------------------------------
    def test_a_delete_answered_keep_leaves_the_node(self):
        self.artist.script(["choose:Keep"])
        rid = self.ask()["id"]
        self.frames()
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": rid}, code="delete_kept", status=409)
        self.assertTrue(self.exists())

    def test_an_unanswered_delete_times_out_to_keep_and_leaves_the_node(self):
        rid = self.ask(ttl_seconds=5)["id"]
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": rid}, code="interaction_pending")
        self.clock[0] += 5.5
        with mock.patch.object(self.artist, "answer", side_effect=AssertionError("never shown after its TTL")):
            self.frames()
        self.assertEqual((self.state(rid)["choice"], self.state(rid)["reason"]), ("Keep", "timeout"))
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": rid}, code="delete_kept")
        self.assertTrue(self.exists())

    def test_delete_and_bypass_decisions_are_consumed_once(self):
        self.artist.script(["choose:Bypass", "choose:Delete"])
        bypass = self.ask()["id"]
        self.frames()
        r = self.ok("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": bypass})
        self.assertEqual(r["action"], "bypass")
        self.assertTrue(self.td.op("/project1/n1").bypass)
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": bypass}, code="interaction_consumed")
        delete = self.ask()["id"]
        self.frames()
        self.assertEqual(self.state(delete)["state"], "terminal")
        batch = {"operations": [{"action": "delete", "path": "/project1/n1", "interaction_id": delete}]}
        self.assertEqual(self.ok("POST", "/api/batch", batch)["results"][0]["data"]["action"], "delete")
        self.assertFalse(self.exists())
        self.assertEqual(self.state(delete)["state"], "consumed")

    def test_the_fingerprint_is_recomputed_on_consume(self):
        self.ok("POST", "/api/nodes", {"parent_path": "/project1", "type": "noiseTOP", "name": "other"})
        self.artist.script(["choose:Delete", "choose:Delete"])
        rid = self.ask()["id"]
        self.frames()
        # the decision was about n1: it does not delete another node
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fother", {"interaction_id": rid}, code="interaction_target_changed")
        self.assertTrue(self.exists("/project1/other"))
        # n1 replaced by a new operator of the same name: not the operator the artist saw
        rid = self.ask()["id"]
        self.frames()
        self.ok("DELETE", "/api/nodes/%2Fproject1%2Fn1?confirmation_policy=yolo")
        self.ok("POST", "/api/nodes", {"parent_path": "/project1", "type": "noiseTOP", "name": "n1"})
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": rid}, code="interaction_target_changed")
        self.assertTrue(self.exists())
        self.fails("DELETE", "/api/nodes/%2Fproject1%2Fn1", {"interaction_id": rid, "mode": "bypass"},
                   code="invalid_field")

    def test_oauth_consent_is_consumed_once_and_never_takes_secrets(self):
        target = {"client_name": "Claude", "redirect_uri": "https://example.com:8443/callback"}
        self.artist.script(["choose:Allow"])
        r = self.ask(kind="oauth_consent", target=target)
        self.assertEqual(r["target"], "Claude at https://example.com:8443")
        self.frames()
        self.fails("POST", "/api/oauth/consents/%s/consume" % r["id"], {"target": target, "code": "abc"},
                   code="oauth_secret_refused")
        self.fails("POST", "/api/interactions", {"kind": "oauth_consent", "target": dict(target, state="s")},
                   code="oauth_secret_refused")
        self.assertEqual(self.ok("POST", "/api/oauth/consents/%s/consume" % r["id"], {"target": target})["choice"],
                         "Allow")
        self.fails("POST", "/api/oauth/consents/%s/consume" % r["id"], {"target": target}, code="interaction_consumed")
        self.fails("POST", "/api/oauth/consents/nope/consume", {"target": target}, code="interaction_not_found")


class ProjectSaveTest(BrokerCase):
    def setUp(self):
        super().setUp()
        import tempfile
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.dir = folder.name
        self.set_env(SVC_BRIDGE_EXPORT_DIR=self.dir)
        from svc_bridge import events
        events.reset()
        self.addCleanup(events.reset)
        self.events = events

    def path(self, name="show.toe"):
        import os
        return os.path.join(self.dir, name)

    def test_save_as_writes_a_new_file_and_sends_project_saved(self):
        r = self.ok("POST", "/api/project/save", {"file_path": self.path()})
        self.assertEqual((r["save_as"], r["file_path"]), (True, self.path()))
        with open(self.path()) as f:
            self.assertIn("tdsim-state", f.read())
        saved = [e for e in self.events.recent() if e["event"] == "project.saved"]
        self.assertEqual(saved[-1]["data"]["file_path"], self.path())
        self.assertEqual(self.ok("POST", "/api/project/save", {})["save_as"], False)

    def test_save_as_refuses_other_places_and_types(self):
        self.fails("POST", "/api/project/save", {"file_path": "/tmp/../etc/x.toe"}, code="invalid_file_path")
        self.fails("POST", "/api/project/save", {"file_path": self.path("show.py")}, code="invalid_file_path")
        self.fails("POST", "/api/project/save", {"file_path": "/root/elsewhere.toe"}, code="path_not_allowed")
        self.fails("POST", "/api/project/save", {"interaction_id": "x"}, code="invalid_field")

    def test_an_existing_file_is_replaced_only_with_a_consumed_overwrite(self):
        self.ok("POST", "/api/project/save", {"file_path": self.path()})
        with open(self.path(), "w") as f:
            f.write("the artist's file")
        self.fails("POST", "/api/project/save", {"file_path": self.path()}, code="file_exists", status=409)
        self.artist.script(["choose:Keep", "choose:Overwrite", "choose:Overwrite"])
        keep = self.ask(kind="file_overwrite", target=self.path())["id"]
        self.frames()
        self.fails("POST", "/api/project/save", {"file_path": self.path(), "interaction_id": keep}, code="save_kept")
        with open(self.path()) as f:
            self.assertEqual(f.read(), "the artist's file")
        other = self.ask(kind="file_overwrite", target=self.path("other.toe"))["id"]
        self.frames()
        self.fails("POST", "/api/project/save", {"file_path": self.path(), "interaction_id": other},
                   code="interaction_target_changed")
        yes = self.ask(kind="file_overwrite", target=self.path())["id"]
        self.frames()
        self.ok("POST", "/api/project/save", {"file_path": self.path(), "interaction_id": yes})
        with open(self.path()) as f:
            self.assertIn("tdsim-state", f.read())
        self.fails("POST", "/api/project/save", {"file_path": self.path(), "interaction_id": yes},
                   code="interaction_consumed")
