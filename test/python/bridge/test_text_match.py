"""The search routes' text filters and parameter matching, apart from any project."""

import unittest

from svc_bridge.routes.param_search import _match
from svc_bridge.sensitive import redact
from svc_bridge.text_match import matcher, value_text


class TextFilterTest(unittest.TestCase):
    def test_substrings_without_wildcards_and_whole_text_with_them_ignoring_case(self):
        self.assertTrue(matcher("Res")("resolutionw"))
        self.assertTrue(matcher("res")("outputresolution"))
        self.assertFalse(matcher("res*")("outputresolution"))
        self.assertTrue(matcher("resolution?")("resolutionh"))
        self.assertFalse(matcher("color[rg]")("colorb"))
        self.assertTrue(matcher("color[!rg]")("colorb"))
        self.assertFalse(matcher("a.b")("axb"))
        self.assertTrue(matcher("*(x)*")("f(x) + 1"))
        self.assertIsNone(matcher(""))

    def test_values_as_text(self):
        self.assertEqual([value_text(v) for v in (1.0, 0.5, True, "x", 3, None)], ["1", "0.5", "true", "x", "3", ""])


def par(**over):
    state = {"name": "seed", "value": 1, "isDefault": True, "style": "Float", "mode": "constant", "expr": "", "bindExpr": ""}
    state.update(over)
    return state


def filters(**f):
    out = {"name": None, "value": None, "expression": None, "mode": None, "non_default": None}
    for key, value in f.items():
        out[key] = matcher(value) if key in ("name", "value", "expression") else value
    return out


def counters():
    return {"sensitive_skipped": 0}


class MatchTest(unittest.TestCase):
    def test_changed_means_value_or_mode(self):
        changed = filters(non_default=True)
        self.assertFalse(_match(changed, None, par(), False, counters()))
        self.assertTrue(_match(changed, None, par(isDefault=False), False, counters()))
        self.assertTrue(_match(changed, None, par(mode="expression", expr="1"), False, counters()))
        self.assertTrue(_match(filters(non_default=False), None, par(), False, counters()))

    def test_expressions_only_where_they_drive_the_parameter(self):
        f = filters(expression="absTime")
        self.assertTrue(_match(f, None, par(mode="expression", expr="absTime.frame"), False, counters()))
        self.assertFalse(_match(f, None, par(mode="constant", expr="absTime.frame"), False, counters()))
        self.assertTrue(_match(f, None, par(mode="bind", bindExpr="op('x').par.absTime"), False, counters()))

    def test_a_credential_is_never_probed(self):
        c = counters()
        self.assertFalse(_match(filters(value="hunter2"), None, par(name="password", value="hunter2"), True, c))
        self.assertFalse(_match(filters(value="*"), None, par(name="oauthtoken", value="abc"), True, c))
        self.assertEqual(c["sensitive_skipped"], 2)
        self.assertTrue(_match(filters(name="password"), None, par(name="password", value="hunter2"), True, c))

    def test_redaction_keeps_names_and_masks_values(self):
        self.assertEqual(redact("password = 'hunter2'"), ("password = '***'", 1))
        self.assertEqual(redact('{"api_key": "abc123"}')[0], '{"api_key": "***"}')
        self.assertEqual(redact("Authorization: Bearer abcdefgh12345")[0], "Authorization: Bearer ***")
        self.assertEqual(redact("op('noise1').par.amp * 2"), ("op('noise1').par.amp * 2", 0))


if __name__ == "__main__":
    unittest.main()
