"""Random batches that fail at the end leave the project exactly as before (fixed seeds).

Each round grows the project with a successful random batch, then sends random valid
operations followed by one that fails, and compares full snapshots before and after.
"""

import itertools
import random
import unittest

from test.python.bridge.support import SimTestCase

TOPS = ("noiseTOP", "levelTOP", "blurTOP", "compositeTOP", "nullTOP")
OTHERS = ("baseCOMP", "textDAT", "constantCHOP")


class RandomBatchRollbackTest(SimTestCase):
    ROUNDS = 40

    def setUp(self):
        super().setUp()
        self.names = itertools.count()

    def existing(self):
        return [n.path for n in self.td.op("/project1").findChildren()]

    def comps(self):
        return ["/project1"] + [n.path for n in self.td.op("/project1").findChildren() if n.isCOMP]

    def random_op(self, rng):
        td = self.td
        paths = self.existing()
        action = rng.choice(("create", "create", "update", "connect", "delete", "set_mode", "add_custom_par",
                             "store", "set_meta", "disconnect", "set_text", "set_flags", "set_position"))
        if action == "create" or not paths:
            return {"action": "create", "parent_path": rng.choice(self.comps()), "type": rng.choice(TOPS + OTHERS),
                    "name": "f%d" % next(self.names)}
        path = rng.choice(paths)
        node = td.op(path)
        floats = [p for p in node.pars() if p.isFloat and not p.readOnly and p.mode == td.ParMode.CONSTANT]
        if action == "update" and floats:
            return {"action": "update", "path": path, "parameters": {rng.choice(floats).name: round(rng.random(), 3)}}
        if action == "set_mode" and floats:
            return {"action": "set_mode", "path": path, "param": rng.choice(floats).name, "mode": "expression",
                    "expr": "0.25 + 0.5"}
        if action == "connect" and node.isTOP:
            peers = [p for p in paths if p != path and td.op(p).isTOP and td.op(p).parent().path == node.parent().path]
            if peers:
                return {"action": "connect", "source_path": rng.choice(peers), "target_path": path,
                        "target_input": rng.randint(0, 1) if node.OPType == "compositeTOP" else 0}
        if action == "disconnect" and node.inputs:
            return {"action": "disconnect", "to_path": path}
        if action == "delete":
            return {"action": "delete", "path": path, "confirmation_policy": "yolo"}
        if action == "add_custom_par" and node.isCOMP:
            spec = {"action": "add_custom_par", "path": path, "page": "C", "name": "P%d" % next(self.names),
                    "style": rng.choice(("Float", "Int", "RGB", "Str", "Menu", "Toggle"))}
            if spec["style"] == "Menu":
                spec["menu_names"] = ["a", "b"]
            return spec
        if action == "store":
            return {"action": "store", "path": path, "key": "k", "value": rng.choice((None, {"x": [1, 2]}))}
        if action == "set_text" and node.isDAT:
            return {"action": "set_text", "path": path, "text": "t%d" % next(self.names)}
        if action == "set_flags":
            return {"action": "set_flags", "path": path, "flags": {"bypass": rng.random() < 0.5}}
        if action == "set_position":
            return {"action": "set_position", "path": path, "node_x": rng.randint(-900, 900), "node_y": 0}
        return {"action": "set_meta", "path": path, "tags": ["svc", "t%d" % next(self.names)], "comment": "c",
                "color": [0.2, 0.4, 0.6]}

    def test_random_failed_batches_restore_everything(self):
        undone = largest = 0
        for seed in (11, 12):
            rng = random.Random(seed)
            for round_ in range(self.ROUNDS // 2):
                self.call("POST", "/api/batch", {"operations": [self.random_op(rng) for _ in range(rng.randint(1, 4))]})
                before = self.snapshot()
                ops = [self.random_op(rng) for _ in range(rng.randint(1, 6))]
                ops.append({"action": "update", "path": "/project1/nowhere", "parameters": {}})
                reply = self.call("POST", "/api/batch", {"operations": ops})
                with self.subTest(seed=seed, round=round_):
                    self.assertEqual(reply.code, "batch_failed", reply)
                    self.assertTrue(reply.error["rolled_back"])
                    self.assertEqual(self.snapshot(), before)
                undone += reply.error["index"]
                largest = max(largest, len(self.existing()))
        self.assertGreater(largest, 8, "the random project should grow")
        # Most failing batches had done real work before the failure that was undone.
        self.assertGreater(undone, self.ROUNDS)


if __name__ == "__main__":
    unittest.main()
