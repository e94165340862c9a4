"""Sequence block counts through the bridge: the header reads and writes numBlocks, blocks are made
before their parameters in one request, and a failed request puts the blocks and their values back."""

import unittest

from test.python.bridge.support import SimTestCase


class SequenceCounts(SimTestCase):
    def setUp(self):
        super().setUp()
        self.make("/project1", "glslTOP", "g")

    def test_header_is_the_block_count_and_blocks_follow_in_one_update(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "update", "path": "/project1/g", "parameters": {"vec": 3, "vec2name": "uScale", "vec2valuex": 2}}]})
        g = self.td.op("/project1/g")
        self.assertEqual(g.seq.vec.numBlocks, 3)
        self.assertEqual(g.par.vec2name.eval(), "uScale")
        params = self.ok("GET", "/api/nodes/project1/g/params?non_default=true")["params"]
        header = [p for p in params if p["name"] == "vec"]
        self.assertEqual((header[0]["value"], header[0]["isDefault"]), (3, False))

    def test_a_failed_request_restores_count_and_destroyed_values(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "update", "path": "/project1/g", "parameters": {"vec": 3, "vec2name": "uScale"}}]})
        before = self.snapshot()
        self.fails("POST", "/api/batch", {"operations": [
            {"action": "update", "path": "/project1/g", "parameters": {"vec": 1}},
            {"action": "update", "path": "/project1/nosuch", "parameters": {"x": 1}}]})
        g = self.td.op("/project1/g")
        self.assertEqual(g.seq.vec.numBlocks, 3)
        self.assertEqual(g.par.vec2name.eval(), "uScale")
        self.assertEqual(self.snapshot(), before)

    def test_growing_then_failing_removes_the_new_blocks(self):
        self.fails("POST", "/api/batch", {"operations": [
            {"action": "update", "path": "/project1/g", "parameters": {"vec": 4, "vec3name": "u"}},
            {"action": "update", "path": "/project1/nosuch", "parameters": {"x": 1}}]})
        self.assertEqual(self.td.op("/project1/g").seq.vec.numBlocks, 1)

    def refused(self, operation, code):
        reply = self.fails("POST", "/api/batch", {"operations": [operation]})
        self.assertEqual(reply.error["cause"]["code"], code, reply)

    def test_bad_counts_and_modes_are_refused(self):
        for value in (-1, 1.5, "3", True):
            self.refused({"action": "update", "path": "/project1/g", "parameters": {"vec": value}}, "invalid_param_value")
        self.refused({"action": "set_mode", "path": "/project1/g", "param": "vec", "mode": "expression", "expr": "3"},
                     "invalid_mode")
        self.refused({"action": "reset_param", "path": "/project1/g", "param": "vec"}, "invalid_param_value")
        self.assertEqual(self.td.op("/project1/g").seq.vec.numBlocks, 1)

    def test_a_deleted_node_comes_back_with_its_blocks(self):
        self.ok("POST", "/api/batch", {"operations": [
            {"action": "update", "path": "/project1/g", "parameters": {"vec": 3, "vec2name": "uScale"}}]})
        self.fails("POST", "/api/batch", {"operations": [
            {"action": "delete", "path": "/project1/g", "confirmation_policy": "yolo"},
            {"action": "update", "path": "/project1/nosuch", "parameters": {"x": 1}}]})
        g = self.td.op("/project1/g")
        self.assertEqual((g.seq.vec.numBlocks, g.par.vec2name.eval()), (3, "uScale"))


if __name__ == "__main__":
    unittest.main()
