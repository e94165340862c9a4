"""The bridge's one error type and the catalog of its stable error codes.

Every failure a client can see is a BridgeError: an HTTP status, a code from CODES and a
message in plain words. Extra fields (a field name, a batch index, the valid menu entries)
travel next to code and message in the error object.
"""

# code -> (HTTP status, what it means). bridge/README.md documents the same table.
CODES = {
    # security chain (checked before routing)
    "forbidden_peer": (403, "the peer address is not loopback and LAN access is not allowed"),
    "lan_requires_token": (403, "LAN access is allowed but no token is set; the bridge refuses to serve"),
    "unauthorized": (401, "missing or wrong bearer token"),
    "forbidden_origin": (403, "the Origin header is not a loopback origin"),
    "forbidden_host": (403, "the Host header is not a loopback host"),
    "unsupported_media_type": (415, "a request body must be sent as application/json"),
    "payload_too_large": (413, "the request body is over the size cap"),
    # routing
    "not_found": (404, "no route has this path"),
    "method_not_allowed": (405, "the route exists but not with this method"),
    "bad_encoding": (400, "a percent-encoded part of the URL is malformed"),
    "exec_disabled": (403, "exec, node-method and reload routes are closed, and in the safe mode so is text TouchDesigner "
                      "runs (SVC_BRIDGE_ALLOW_EXEC is not set)"),
    "unsafe_python": (403, "an expression, evaluated value or DAT text is outside the safe grammar (SVC_BRIDGE_EXPRESSIONS=safe)"),
    # request content
    "invalid_json": (400, "the body is not valid JSON"),
    "invalid_body": (400, "the body is not a JSON object"),
    "missing_field": (400, "a required field is missing"),
    "invalid_field": (400, "a field has the wrong type or an invalid value"),
    "invalid_query": (400, "a query parameter has an invalid value"),
    "invalid_path": (400, "an operator path is not absolute, has an empty segment or a trailing slash, or holds a character no name has"),
    "number_out_of_range": (400, "a number is not finite or is outside its documented bounds"),
    "too_deep": (400, "the JSON body is nested deeper than the bridge reads"),
    # operators and parameters
    "invalid_op_type": (400, "an operator type name does not match [A-Za-z][A-Za-z0-9_]*"),
    "unknown_op_type": (400, "the running build has no operator type of that name"),
    "invalid_name": (400, "an operator name is not a valid TouchDesigner name"),
    "name_conflict": (409, "the parent already has a child of that name"),
    "node_not_found": (404, "no operator at that path"),
    "not_a_comp": (400, "the operator is not a COMP"),
    "not_a_dat": (400, "the operator is not a DAT"),
    "not_a_top": (400, "the operator is not a TOP"),
    "unknown_param": (400, "the operator has no parameter of that name"),
    "invalid_param_value": (400, "the value does not suit the parameter"),
    "operation_not_found": (404, "no job with that operation id is remembered"),
    "workspace_not_found": (404, "no workspace with that id is remembered"),
    "workspace_busy": (409, "a temporary workspace is still open: restore or cancel it first"),
    "workspace_state": (409, "the workspace is not in a state that allows this"),
    "no_editor": (409, "no network editor pane is open"),
    "editor_network_deleted": (409, "the network the editor shows, or was read to show, has been deleted"),
    "stale_fingerprint": (409, "the editor state changed since its context was read: read the context again"),
    "not_an_annotation": (400, "the operator is not an Annotate COMP"),
    "not_a_menu": (400, "the parameter is not a menu"),
    "not_a_pulse": (400, "the parameter is not a Pulse or Momentary parameter"),
    "invalid_menu_entry": (400, "a menu parameter was given an entry that is not in its menu"),
    "param_read_only": (400, "the parameter cannot be written"),
    "param_exported": (409, "the parameter is driven by an export and cannot be written"),
    "invalid_mode": (400, "the parameter mode is not constant, expression or bind"),
    "invalid_connection": (400, "the wire cannot be made or removed"),
    "custom_par_failed": (400, "a custom page or parameter could not be made"),
    "operation_failed": (400, "the environment refused the operation"),
    "protected_node": (400, "the root, TouchDesigner's system COMPs and the bridge's own operators cannot be deleted"),
    "bridge_read_only": (403, "the bridge's own operators (its COMP, callbacks DAT, Web Server DAT) cannot be changed"),
    # deletes and batches
    "interaction_queue_full": (429, "too many decisions are waiting or kept; nothing was changed"),
    "interaction_not_found": (404, "no interaction with that id (unknown, or its record expired)"),
    "interaction_pending": (409, "the artist has not answered that interaction yet"),
    "interaction_consumed": (409, "that interaction's decision was already used"),
    "interaction_mismatch": (409, "that interaction is about another kind of decision"),
    "interaction_target_changed": (409, "the decision was about another target, or the target changed since"),
    "oauth_secret_refused": (400, "OAuth codes, verifiers, state and tokens are never accepted by the bridge"),
    "save_kept": (409, "the target file exists and the artist did not choose Overwrite: nothing was written"),
    "delete_kept": (409, "delete without an explicit bypass mode or yolo policy: the node was kept"),
    "batch_failed": (400, "one batch operation failed; everything the batch did was rolled back"),
    "rollback_failed": (500, "a batch failed and rolling it back failed too; the project may be changed"),
    "too_many_operations": (413, "the batch has more operations than the per-request limit"),
    "too_many_transactions": (409, "too many multi-request applies are open at once"),
    "idempotency_key_reused": (422, "the idempotency key was already used for a different request"),
    "rollback_limit": (400, "the operation would touch more nodes than a batch can restore"),
    # other routes
    "unknown_method": (400, "the operator has no public method of that name"),
    "exec_error": (400, "the script or method raised an exception"),
    "file_exists": (409, "the target file exists and overwrite was not asked for"),
    "invalid_file_path": (400, "the file path is not an absolute path with a suitable extension (no NUL, no '..')"),
    "path_not_allowed": (403, "the file path is outside the project and export folders, or passes through a link"),
    "save_failed": (500, "the environment could not save the file"),
    "receipt_not_found": (404, "no request with that idempotency key is remembered"),
    "watch_not_found": (404, "no parameter watch with that id"),
    "too_many_watches": (400, "the parameter watch limit is reached"),
    "overloaded": (503, "the bridge has spent its share of the frame; nothing ran, send the request again after Retry-After"),
    "batch_too_costly": (413, "the batch would hold the frame too long; send smaller chunks"),
    "preview_too_large": (413, "the TOP's image is larger than a preview may be"),
    "operation_rolled_back": (409, "the operation did not read back as previewed and was rolled back; its receipt says why"),
    "build_gate_failed": (409, "a build-gated export was refused: the COMP's tree has errors"),
    "job_finished": (409, "the job already finished; a cancel never undoes a finished job"),
    "cancel_cleanup_failed": (500, "the job was stopped but its cleanup could not be verified"),
    "quarantine_required": (403, "round trips run only on a quarantine bridge (SVC_PROJECT_RAG_QUARANTINE=1), never on port 9980"),
    "plan_expired": (409, "the reconcile plan is unknown or expired: check again"),
    "token_required": (401, "the route always needs SVC_BRIDGE_TOKEN, even when other routes are zero-config"),
    "unverified_live_boundary": (501, "the operation's adapter is not verified on this environment: nothing was changed"),
    "bridge_busy": (409, "a reload would drop state a client is still using (transactions, event streams, interactions, .tox jobs)"),
    "reload_failed": (500, "the bridge's new code did not import; the running bridge was kept"),
    "read_too_large": (413, "a whole read would list more nodes or state than one reply holds; read it in pages"),
    "read_timeout": (504, "a whole read did not finish in time; read it in pages"),
    "internal_error": (500, "an unexpected error inside the bridge"),
}


class BridgeError(Exception):
    """A failure with a stable code; the app turns it into the error envelope."""

    def __init__(self, code, message, status=None, headers=None, **extra):
        if code not in CODES:
            raise ValueError("unknown bridge error code: %r" % (code,))
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status if status is not None else CODES[code][0]
        self.headers = headers or {}
        self.extra = extra

    def to_error(self):
        error = {"code": self.code, "message": self.message}
        error.update(self.extra)
        return error
