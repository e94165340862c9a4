"""Parameter sequences in tdsim: blocks created and destroyed as TouchDesigner does, par.sequence,
Sequence.numBlocks, SequenceBlock access, undo, and state files."""
import os
import tempfile

from test.python.sim.support import SimTestCase, td


class SequenceBlocks(SimTestCase):
    def test_fresh_glsl_top_has_block_zero_only(self):
        g = self.create("glslTOP")
        self.assertEqual(g.seq.vec.numBlocks, 1)
        self.assertIn("vec0name", g.par)
        self.assertNotIn("vec1name", g.par)
        with self.assertRaises(AttributeError):
            g.par.vec1name

    def test_growing_creates_blocks_with_template_styles(self):
        g = self.create("glslTOP")
        g.seq.vec.numBlocks = 4
        self.assertEqual(len(g.seq.vec), 4)
        g.par.vec3name = "uMouse"
        g.par.vec3valuez = 0.5
        self.assertEqual(g.par.vec3name.eval(), "uMouse")
        self.assertEqual(g.parGroup.vec3value.eval(), (0.0, 0.0, 0.5, 0.0))
        self.assertEqual(g.par.vec3valuez.style, g.par.vec0valuez.style)
        g.seq.array.numBlocks = 2
        self.assertEqual(g.par.array1type.menuNames, g.par.array0type.menuNames)
        # New blocks sit after the sequence's earlier blocks on its page.
        names = [grp.name for grp in g.par.vec3name.page.parGroups]
        self.assertEqual(names.index("vec3name"), names.index("vec2value") + 1)

    def test_shrinking_destroys_blocks_and_their_pars(self):
        g = self.create("glslTOP")
        g.seq.vec.numBlocks = 3
        p = g.par.vec2name
        g.seq.vec.numBlocks = 1
        self.assertFalse(p.valid)
        with self.assertRaises(td.tdError):
            p.eval()
        self.assertNotIn("vec2name", g.par)
        self.assertEqual(len([x for x in g.pars("vec*name")]), 1)

    def test_block_count_is_checked(self):
        g = self.create("glslTOP")
        for bad in (-1, 1.5, "2", True):
            with self.assertRaises(td.tdError):
                g.seq.vec.numBlocks = bad
        with self.assertRaises(AttributeError):
            g.seq.nosuch

    def test_par_sequence_and_block(self):
        c = self.create("constantCHOP")
        c.seq.const.numBlocks = 3
        p = c.par.const2name
        self.assertEqual(p.sequence.name, "const")
        self.assertEqual(p.sequence, c.seq.const)
        self.assertEqual(p.sequenceBlock.index, 2)
        self.assertTrue(p.sequenceBlock.par.name.isSamePar(p))
        self.assertTrue(p.sequenceBlock.par.value.isSamePar(c.par.const2value))
        self.assertIsNone(c.par.const2value.sequenceBlock.parGroup["nosuch"])
        self.assertIsNone(self.create("noiseTOP").par.period.sequence)
        self.assertEqual([b.index for b in c.seq.const], [0, 1, 2])

    def test_block_by_name_and_destroy_block_moves_later_blocks_down(self):
        c = self.create("constantCHOP")
        c.seq.const.numBlocks = 3
        for i, n in enumerate(["a", "b", "c"]):
            c.par["const%dname" % i] = n
        self.assertEqual(c.seq.const["b"].index, 1)
        c.seq.const.destroyBlock(1)
        self.assertEqual(c.seq.const.numBlocks, 2)
        self.assertEqual([c.par.const0name.eval(), c.par.const1name.eval()], ["a", "c"])

    def test_undo_brings_destroyed_blocks_back_with_values(self):
        g = self.create("glslTOP")
        td.ui.undo.startBlock("grow")
        g.seq.vec.numBlocks = 3
        g.par.vec2name = "uTime"
        td.ui.undo.endBlock()
        td.ui.undo.startBlock("shrink")
        g.seq.vec.numBlocks = 1
        td.ui.undo.endBlock()
        td.ui.undo.undo()
        self.assertEqual(g.seq.vec.numBlocks, 3)
        self.assertEqual(g.par.vec2name.eval(), "uTime")
        td.ui.undo.undo()
        self.assertEqual(g.seq.vec.numBlocks, 1)

    def test_state_file_and_copy_keep_blocks(self):
        g = self.create("glslTOP", "g")
        g.seq.vec.numBlocks = 5
        g.par.vec4name = "uLast"
        copy = self.project.copy(g, name="g2")
        self.assertEqual(copy.seq.vec.numBlocks, 5)
        self.assertEqual(copy.par.vec4name.eval(), "uLast")
        path = os.path.join(tempfile.mkdtemp(), "state.json")
        self.world.storage.save_state(path)
        self.world.storage.load_state(path)
        g = td.op("/project1/g")
        self.assertEqual(g.seq.vec.numBlocks, 5)
        self.assertEqual(g.par.vec4name.eval(), "uLast")


class SequenceBlockOrder(SimTestCase):
    """insertBlock, moveBlock, reorderBlocks and sortBlocks (Sequence Class page): values move
    between blocks, block names stay by position."""

    def constants(self, *names):
        c = self.create("constantCHOP")
        c.seq.const.numBlocks = len(names)
        for i, n in enumerate(names):
            c.par["const%dname" % i] = n
            c.par["const%dvalue" % i] = i + 1
        return c

    def names(self, c):
        return [b.par.name.eval() for b in c.seq.const]

    def test_insert_block_makes_a_fresh_block_at_its_place(self):
        c = self.constants("a", "b", "c")
        c.par.const1value.expr = "me.time.frame"
        block = c.seq.const.insertBlock(1)
        self.assertEqual(block.index, 1)
        fresh = c.par.const0name.default
        self.assertEqual(self.names(c), ["a", fresh, "b", "c"])
        self.assertEqual(c.par.const1value.eval(), c.par.const1value.default)
        self.assertEqual(c.par.const2value.expr, "me.time.frame")
        self.assertEqual(c.par.const2value.mode, td.ParMode.EXPRESSION)
        c.seq.const.insertBlock(4)
        self.assertEqual(self.names(c), ["a", fresh, "b", "c", fresh])
        with self.assertRaises(td.tdError):
            c.seq.const.insertBlock(6)

    def test_move_block_by_index_name_or_block(self):
        c = self.constants("a", "b", "c", "d")
        c.seq.const.moveBlock(0, 2)
        self.assertEqual(self.names(c), ["b", "c", "a", "d"])
        c.seq.const.moveBlock("a", 0)
        self.assertEqual(self.names(c), ["a", "b", "c", "d"])
        c.seq.const.moveBlock(c.seq.const[2], 0, num=2)
        self.assertEqual(self.names(c), ["c", "d", "a", "b"])
        self.assertEqual(c.par.const0value.eval(), 3)
        with self.assertRaises(td.tdError):
            c.seq.const.moveBlock(3, 0, num=2)
        with self.assertRaises(td.tdError):
            c.seq.const.moveBlock("nosuch", 0)

    def test_reorder_blocks_leaves_the_rest_in_place(self):
        c = self.constants("a", "b", "c", "d")
        c.seq.const.reorderBlocks(1, 0)
        self.assertEqual(self.names(c), ["b", "a", "c", "d"])
        c.seq.const.reorderBlocks(3, 1)
        self.assertEqual(self.names(c), ["b", "d", "c", "a"])
        with self.assertRaises(td.tdError):
            c.seq.const.reorderBlocks(0, 0)

    def test_sort_blocks_by_name_key_or_base_name(self):
        c = self.constants("c", "a", "b")
        c.seq.const.sortBlocks()
        self.assertEqual(self.names(c), ["a", "b", "c"])
        self.assertEqual([c.par["const%dvalue" % i].eval() for i in range(3)], [2, 3, 1])
        c.seq.const.sortBlocks(reverse=True)
        self.assertEqual(self.names(c), ["c", "b", "a"])
        c.seq.const.sortBlocks(baseName="value")
        self.assertEqual(self.names(c), ["c", "a", "b"])
        c.seq.const.sortBlocks(key=lambda block: -block.par.value.eval())
        self.assertEqual(self.names(c), ["b", "a", "c"])
        with self.assertRaises(td.tdError):
            c.seq.const.sortBlocks(key=lambda block: 0, baseName="value")

    def test_reordering_is_undone_as_one_step(self):
        c = self.constants("a", "b", "c")
        td.ui.undo.startBlock("sort")
        c.seq.const.reorderBlocks(2, 0)
        td.ui.undo.endBlock()
        self.assertEqual(self.names(c), ["c", "b", "a"])
        td.ui.undo.undo()
        self.assertEqual(self.names(c), ["a", "b", "c"])
