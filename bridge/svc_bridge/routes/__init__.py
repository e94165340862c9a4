"""Every route family registers itself here; see bridge/README.md for the list."""

from ..router import Router


def build_router():
    from . import (analysis, artifacts, package_reconcile, annotation, annotation_layout, batch, code_search, conformance, connect, custom_params, dev,
                   editor, events, execute, focus, info, info_channels, interactions, kb, logs, metadata, network, network_state,
                   nodes, operations, param_actions, param_search, params, preview, project, receipts, reposition, search,
                   storage, system, text, transactions, transport, watch, workspaces)
    router = Router()
    for module in (info, nodes, search, params, network, preview, batch, connect, text, storage, logs, watch,
                   system, transport, execute, analysis, transactions, receipts, metadata, param_actions, info_channels,
                   custom_params, param_search, code_search, annotation, events, interactions, reposition,
                   editor, focus, annotation_layout, project, workspaces, network_state, operations, artifacts, package_reconcile,
                   conformance, kb, dev):
        module.register(router)
    return router
