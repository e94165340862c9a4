"""GET /api/receipts/{key}: the outcome of the mutating request sent with that Idempotency-Key."""

from .. import receipts


def receipt(ctx):
    return receipts.describe(ctx.params["key"])


def register(router):
    router.add("GET", "/api/receipts/{key}", receipt, sheddable=False)
