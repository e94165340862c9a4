"""Every route family registers itself here; see bridge/README.md for the list."""

from ..router import Router


def build_router():
    from . import (analysis, batch, connect, execute, info, logs, network, nodes, params, preview, search,
                   receipts, storage, system, text, transactions, transport, watch)
    router = Router()
    for module in (info, nodes, search, params, network, preview, batch, connect, text, storage, logs, watch,
                   system, transport, execute, analysis, transactions, receipts):
        module.register(router)
    return router
