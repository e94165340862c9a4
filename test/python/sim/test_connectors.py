from .support import SimTestCase, td


class ConnectorTest(SimTestCase):
    def test_connect_and_read_back(self):
        a, b = self.create("noiseTOP"), self.create("levelTOP")
        b.inputConnectors[0].connect(a)
        self.assertEqual(b.inputs, [a])
        self.assertEqual(a.outputs, [b])
        conn = b.inputConnectors[0]
        self.assertEqual((conn.index, conn.owner, conn.isInput), (0, b, True))
        self.assertEqual(conn.connections, [a.outputConnectors[0]])
        self.assertEqual(a.outputConnectors[0].connections, [b.inputConnectors[0]])

    def test_output_connect_to_op_takes_first_free_input(self):
        a, b, over = self.create("noiseTOP"), self.create("rampTOP"), self.create("overTOP")
        a.outputConnectors[0].connect(over)
        b.outputConnectors[0].connect(over)
        self.assertEqual(over.inputs, [a, b])
        c = self.create("constantTOP")
        with self.assertRaises(td.tdError):
            c.outputConnectors[0].connect(over)   # over has two inputs

    def test_cross_family_fails(self):
        chop, top = self.create("noiseCHOP"), self.create("levelTOP")
        with self.assertRaises(td.tdError):
            top.inputConnectors[0].connect(chop)
        self.assertEqual(top.inputs, [])

    def test_too_many_inputs_fails(self):
        a, b = self.create("noiseTOP"), self.create("levelTOP")
        self.assertEqual(len(b.inputConnectors), 1)
        with self.assertRaises(td.tdError):
            b._connect_input(1, a)
        with self.assertRaises(IndexError):
            b.inputConnectors[1]

    def test_unlimited_inputs_grow(self):
        comp = self.create("compositeTOP")
        srcs = [self.create("noiseTOP") for _ in range(4)]
        for s in srcs:
            s.outputConnectors[0].connect(comp)
        self.assertEqual(comp.inputs, srcs)
        self.assertEqual(len(comp.inputConnectors), 5)

    def test_replace_and_disconnect(self):
        a, b, lv = self.create("noiseTOP"), self.create("rampTOP"), self.create("levelTOP")
        lv.inputConnectors[0].connect(a)
        lv.inputConnectors[0].connect(b)
        self.assertEqual(lv.inputs, [b])
        self.assertEqual(a.outputs, [])
        lv.inputConnectors[0].disconnect()
        self.assertEqual(lv.inputs, [])
        lv.setInputs([a])
        self.assertEqual(lv.inputs, [a])
        a.outputConnectors[0].disconnect()
        self.assertEqual(lv.inputs, [])

    def test_no_loops(self):
        a, b = self.create("levelTOP"), self.create("levelTOP")
        b.inputConnectors[0].connect(a)
        with self.assertRaises(td.tdError):
            a.inputConnectors[0].connect(b)

    def test_destroy_removes_wires(self):
        a, b = self.create("noiseTOP"), self.create("levelTOP")
        b.inputConnectors[0].connect(a)
        a.destroy()
        self.assertEqual(b.inputs, [])

    def test_comp_connectors_come_from_in_and_out_ops(self):
        comp = self.create("baseCOMP")
        self.assertEqual(comp.inputConnectors, [])
        comp.create("inTOP")
        comp.create("inCHOP")
        comp.create("outTOP")
        self.assertEqual(len(comp.inputConnectors), 2)
        # in1 (the inTOP) and in2 (the inCHOP), in name order
        self.assertEqual([c.inOP.OPType for c in comp.inputConnectors], ["inTOP", "inCHOP"])
        noise, chop = self.create("noiseTOP"), self.create("noiseCHOP")
        comp.inputConnectors[0].connect(noise)
        comp.inputConnectors[1].connect(chop)
        with self.assertRaises(td.tdError):
            comp.inputConnectors[1].connect(noise)
        level = self.create("levelTOP")
        level.inputConnectors[0].connect(comp)
        self.assertEqual(level.inputs, [comp])

    def test_generator_without_output_count_has_one_output(self):
        n = self.create("noiseTOP")
        self.assertEqual(len(n.outputConnectors), 1)
