"""What the search routes never show or match: credentials held in parameters and in DAT text.

A parameter is sensitive when TouchDesigner marks it as a password field (`Par.password`) or its
name says it holds a credential (a Web Server DAT's password, a Web Client DAT's tokens). Its value
and expressions are never returned, and value or expression filters never look at them, so a
search cannot be used as an oracle to guess a secret one character at a time.

In text (DAT excerpts, expressions) an assignment or header that carries a credential keeps its
name and loses its value: `password = "hunter2"` is shown as `password = "***"`.
"""

import re

SENSITIVE_NAME = re.compile(r"password|passphrase|secret|token|apikey|appkey|credential", re.IGNORECASE)

_ASSIGNMENT = re.compile(
    r"""(?P<key>\b[\w.-]*(?:password|passphrase|secret|token|api[_-]?key|app[_-]?key|credential)[\w-]*\b['"]?\s*[:=]\s*)"""
    r"""(?P<quote>['"]?)(?P<value>[^'"\s,;}]+)(?P=quote)""", re.IGNORECASE)
_BEARER = re.compile(r"(?P<key>\b(?:Bearer|Basic)\s+)(?P<value>[A-Za-z0-9._~+/=-]{8,})")

MASK = "***"


def is_sensitive(par):
    try:
        if getattr(par, "password", False) is True:
            return True
    except Exception:  # an environment that cannot say: judge by the name alone
        pass
    return bool(SENSITIVE_NAME.search(par.name))


def redact(text):
    """The text with credential values masked; (text, how many were masked)."""
    count = [0]

    def assignment(match):
        count[0] += 1
        return "%s%s%s%s" % (match.group("key"), match.group("quote"), MASK, match.group("quote"))

    def bearer(match):
        count[0] += 1
        return match.group("key") + MASK

    text = _ASSIGNMENT.sub(assignment, text)
    text = _BEARER.sub(bearer, text)
    return text, count[0]
