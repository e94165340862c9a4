"""POST /api/transactions/{id}/rollback and /commit: end a multi-request apply (see transactions.py)."""

from .. import transactions
from ..budget import from_query


def rollback(ctx):
    transactions.check_id(ctx.params["id"], "id")
    return transactions.rollback(ctx.params["id"], from_query(ctx.query))


def commit(ctx):
    transactions.check_id(ctx.params["id"], "id")
    return transactions.commit(ctx.params["id"])


def register(router):
    router.add("POST", "/api/transactions/{id}/rollback", rollback, mutating=True, takes_body=False,
               undo_label="svc: roll back apply")
    router.add("POST", "/api/transactions/{id}/commit", commit, takes_body=False)
