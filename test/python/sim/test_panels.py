"""Panel values, virtual clicks and the Panel Execute DAT (issue #14: tdsim had no panels, so a
Panel Execute DAT never fired). Sources: Panel Value, Panel Class, PanelValue Class, PanelCOMP,
ButtonCOMP, SliderCOMP and ContainerCOMP Class pages, Panel Execute DAT page."""
from .support import SimTestCase, td, tdsim


class PanelValuesTest(SimTestCase):
    def test_panel_members_are_fresh_handles_that_stand_for_their_value(self):
        button = self.create("buttonCOMP")
        state = button.panel.state
        self.assertIsNot(button.panel.state, state)
        self.assertEqual((state.name, state.owner, state.val), ("state", button, 0))
        self.assertEqual(state + 1, 1)
        self.assertEqual((button.panel.display.val, button.panel.enable.val), (1, 1))
        with self.assertRaises(AttributeError):
            button.panel.stateu  # a slider's value, not a button's
        with self.assertRaises(AttributeError):
            button.panel.state = 1  # written through .val

    def test_read_only_values_and_values_of_a_deleted_panel(self):
        button = self.create("buttonCOMP")
        with self.assertRaises(td.tdError):
            button.panel.display.val = 0
        handle = button.panel.u
        button.destroy()
        self.assertFalse(handle.valid)
        with self.assertRaises(td.tdError):
            handle.val

    def test_derived_values_follow_parameters_and_children(self):
        container = self.create("containerCOMP")
        container.par.enable = False
        container.create(td.buttonCOMP)
        container.create(td.textDAT)
        self.assertEqual((container.panel.enable.val, container.panel.children.val), (0, 1))
        slider = self.create("sliderCOMP")
        slider.par.value0 = 0.4
        self.assertAlmostEqual(slider.panel.u.val, 0.4)

    def test_non_panel_components_have_no_panel(self):
        self.assertFalse(hasattr(self.create("baseCOMP"), "panel"))


class ClickTest(SimTestCase):
    def test_toggle_button_flips_its_value_parameter(self):
        button = self.create("buttonCOMP")
        button.par.buttontype = "toggledown"
        button.click()
        self.assertEqual((button.panel.state.val, button.par.value0.eval()), (1, True))
        button.click()
        self.assertEqual(button.panel.state.val, 0)
        button.click(1)
        self.assertEqual(button.panel.state.val, 1)

    def test_momentary_press_and_select_last_one_frame(self):
        button = self.create("buttonCOMP")
        button.par.buttontype = "momentary"
        button.click()
        self.assertEqual((button.panel.state.val, button.panel.select.val, button.panel.lselect.val), (1, 1, 1))
        tdsim.step(1)  # the frame that sees the press
        self.assertEqual(button.panel.state.val, 1)
        tdsim.step(1)
        self.assertEqual((button.panel.state.val, button.panel.select.val), (0, 0))

    def test_disabled_panel_ignores_a_click_unless_forced(self):
        button = self.create("buttonCOMP")
        button.par.buttontype = "toggledown"
        button.par.enable = False
        button.click()
        self.assertEqual(button.panel.state.val, 0)
        button.click(force=True)
        self.assertEqual(button.panel.state.val, 1)

    def test_radio_buttons_select_one_and_write_the_parent_radio_values(self):
        container = self.create("containerCOMP")
        a, b = container.create(td.buttonCOMP, "a"), container.create(td.buttonCOMP, "b")
        for button in (a, b):
            button.par.buttontype = "radiodown"
        a.click()
        b.click()
        self.assertEqual((a.panel.state.val, b.panel.state.val), (0, 1))
        self.assertEqual((container.panel.radio.val, container.panel.radioname.val), (1, "b"))

    def test_exclusive_button_clicked_twice_selects_none(self):
        container = self.create("containerCOMP")
        a = container.create(td.buttonCOMP, "a")
        a.par.buttontype = "exclusivedown"
        a.click()
        a.click()
        self.assertEqual((a.panel.state.val, container.panel.radio.val), (0, -1))

    def test_slider_click_sets_its_values(self):
        slider = self.create("sliderCOMP")
        slider.par.slidertype = "slideruv"
        slider.click(0.25, 0.75)
        self.assertEqual((slider.par.value0.eval(), slider.par.value1.eval()), (0.25, 0.75))
        self.assertEqual((slider.panel.u.val, slider.panel.v.val), (0.25, 0.75))

    def test_click_focuses_the_panel_hierarchy(self):
        container = self.create("containerCOMP")
        button = container.create(td.buttonCOMP)
        button.click()
        self.assertEqual((button.panel.focusselect.val, container.panel.focusselect.val), (1, 1))
        self.assertEqual(button.panelParent(), container)


class PanelExecuteTest(SimTestCase):
    def setUp(self):
        super().setUp()
        self.log = []
        self.project.store("log", self.log)

    def watcher(self, panel, value, **toggles):
        dat = self.project.create(td.panelexecuteDAT)
        dat.text = ("LOG = op('/project1').fetch('log')\n"
                    "def onOffToOn(panelValue):\n    LOG.append(('on', panelValue.name, panelValue.val))\n"
                    "def onOnToOff(panelValue):\n    LOG.append(('off', panelValue.owner.name))\n"
                    "def whileOn(panelValue):\n    LOG.append(('while', panelValue.val))\n"
                    "def onValueChange(panelValue, prev):\n    LOG.append(('change', panelValue.val, prev))\n")
        dat.par.panels = panel.name
        dat.par.panelvalue = value
        for name, on in toggles.items():
            setattr(dat.par, name, on)
        dat.par.active = True
        return dat

    def test_momentary_click_fires_off_to_on_then_on_to_off(self):
        button = self.create("buttonCOMP")
        button.par.buttontype = "momentary"
        self.watcher(button, "state", offtoon=True, ontooff=True, valuechange=True)
        tdsim.step(1)
        button.click()
        tdsim.step(2)
        # One trigger per event: Off to On wins over Value Change, On to Off likewise.
        self.assertEqual(self.log, [("on", "state", 1), ("off", "button1")])

    def test_value_change_and_while_on_from_a_slider(self):
        slider = self.create("sliderCOMP")
        self.watcher(slider, "u", valuechange=True, whileon=True)
        tdsim.step(1)
        slider.click(0.5)
        tdsim.step(1)
        tdsim.step(1)
        self.assertEqual(self.log, [("change", 0.5, 0.0), ("while", 0.5)])

    def test_inactive_or_unwatched_values_fire_nothing(self):
        button = self.create("buttonCOMP")
        button.par.buttontype = "toggledown"
        dat = self.watcher(button, "select", offtoon=True)
        tdsim.step(1)
        dat.par.active = False
        button.click()
        tdsim.step(1)
        dat.par.active = True
        dat.par.panelvalue = "rollover"
        button.click()
        tdsim.step(2)
        self.assertEqual(self.log, [])


class LightAndCameraContentsTest(SimTestCase):
    def test_light_initializes_sops_inside_and_initialize_false_skips_it(self):
        light = self.create("lightCOMP")
        self.assertEqual([c.family for c in light.children], ["SOP"])
        self.assertEqual(self.project.create(td.lightCOMP, initialize=False).children, [])
        self.assertEqual(self.project.create(td.geometryCOMP, initialize=False).children, [])
        self.assertEqual(self.create("cameraCOMP").children, [])
