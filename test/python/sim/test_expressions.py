from .support import SimTestCase, td, tdsim


class ExpressionTest(SimTestCase):
    def test_expression_mode_and_namespace(self):
        n = self.create("noiseTOP")
        n.par.seed.expr = "me.digits * 10 + math.floor(2.7)"
        self.assertEqual(n.par.seed.mode, td.ParMode.EXPRESSION)
        self.assertEqual(n.par.seed.eval(), 12.0)
        self.assertEqual(n.par.seed.val, 1.0)  # the constant value (the kb default seed) is kept
        n.par.period.expr = "parent().name == 'project1' and op('noise1').par.seed + 1"
        self.assertEqual(n.par.period.eval(), 13.0)
        n.par.amp.expr = "tdu.clamp(absTime.frame, 0, 0.5)"
        self.assertEqual(n.par.amp.eval(), 0.5)

    def test_setting_val_returns_to_constant(self):
        n = self.create("noiseTOP")
        n.par.seed.expr = "4"
        n.par.seed = 1
        self.assertEqual((n.par.seed.mode, n.par.seed.eval(), n.par.seed.expr), (td.ParMode.CONSTANT, 1.0, "4"))
        n.par.seed.mode = td.ParMode.EXPRESSION
        self.assertEqual(n.par.seed.eval(), 4.0)

    def test_expression_follows_time_each_frame(self):
        n = self.create("noiseTOP")
        n.par.seed.expr = "absTime.frame"
        first = n.par.seed.eval()
        tdsim.step(3)
        self.assertEqual(n.par.seed.eval(), first + 3)
        self.assertGreater(n.totalCooks, 0)
        self.assertTrue(n.cookedPreviousFrame)  # the frame counter moved on after the cook

    def test_expression_error_and_recovery(self):
        n = self.create("noiseTOP")
        n.par.seed.expr = "op('missing').par.seed"
        with self.assertRaises(td.tdError):
            n.par.seed.eval()
        self.assertIn("seed: AttributeError", n.errors())
        n.par.seed.expr = "1 +"
        self.assertIn("SyntaxError", n.errors())
        n.par.seed.expr = "7"
        self.assertEqual(n.errors(), "")
        self.assertEqual(n.par.seed.eval(), 7.0)

    def test_expression_conversion_to_style(self):
        n = self.create("noiseTOP")
        n.par.harmon.expr = "2.9"
        self.assertEqual(n.par.harmon.eval(), 2)
        n.par.mono.expr = "'yes'"
        self.assertIs(n.par.mono.eval(), True)
        n.par.seed.expr = "'text'"
        self.assertIn("ValueError", n.errors())

    def test_bind_reads_the_bound_parameter(self):
        comp = self.create("baseCOMP")
        comp.appendCustomPage("Controls").appendFloat("Gain")
        n = comp.create("noiseTOP")
        n.par.amp.bindExpr = "parent().par.Gain"
        self.assertEqual(n.par.amp.mode, td.ParMode.BIND)
        comp.par.Gain = 0.25
        self.assertEqual(n.par.amp.eval(), 0.25)
        self.assertTrue(n.par.amp.bindMaster.isSamePar(comp.par.Gain))
        n.par.period.bindExpr = "op('..').par.Nope"
        self.assertIn("period:", n.errors())

    def test_export_mode_is_a_documented_warning(self):
        n = self.create("noiseTOP")
        n.par.seed = 3
        with self.assertRaises(td.tdError):
            n.par.seed.mode = td.ParMode.EXPORT  # only an exporting CHOP makes an export
        n.par.seed._set_mode_raw(td.ParMode.EXPORT)  # as an export would
        self.assertEqual(n.par.seed.eval(), 3.0)
        self.assertIn("export mode is not emulated", n.warnings())

    def test_self_reference_is_an_error_not_a_crash(self):
        n = self.create("noiseTOP")
        n.par.seed.expr = "me.par.seed + 1"
        self.assertIn("refers to itself", n.errors())

    def test_eval_expression_on_op(self):
        n = self.create("noiseTOP")
        self.assertEqual(n.evalExpression("me.name"), "noise1")


class RunTest(SimTestCase):
    def test_run_callable_and_string_after_delay(self):
        seen = []
        td.run(lambda x: seen.append(("fn", x)), 5, delayFrames=2)
        td.run("args[0].append(me)", seen, fromOP=self.project)
        tdsim.step()
        self.assertEqual(seen, [self.project])
        tdsim.step(2)
        self.assertEqual(seen, [self.project, ("fn", 5)])

    def test_kill_and_runs(self):
        seen = []
        r = td.run(lambda: seen.append(1), delayFrames=1)
        self.assertIn(r, td.runs)
        r.kill()
        tdsim.step(3)
        self.assertEqual(seen, [])

    def test_failing_job_does_not_stop_the_loop(self):
        import contextlib
        import io
        seen = []
        td.run("raise ValueError('boom')")
        td.run(lambda: seen.append(1))
        with contextlib.redirect_stderr(io.StringIO()) as err:
            tdsim.step()
        self.assertEqual(seen, [1])
        self.assertIn("boom", err.getvalue())
