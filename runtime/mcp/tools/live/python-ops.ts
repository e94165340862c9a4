/**
 * Tools that place client-written Python in the project (a script DAT, a Script operator with
 * persistent callbacks) do it through the bridge's exec route, so the bridge refuses them unless
 * its exec switch is open, exactly as it refuses execute_python_script. The client's text travels
 * as JSON data inside a fixed script, never spliced into the code.
 */
import { OWNER_TAG, type BridgeClient } from "../../../engine/index.js";
import { execFailure } from "./exec-gate.js";
import type { ToolFailure } from "../result.js";

/** A fixed Python template run with `args` bound to the JSON given; `result` comes back. */
export async function runTemplate<T>(
  client: BridgeClient,
  template: string,
  args: Record<string, unknown>,
): Promise<{ ok: true; result: T } | ToolFailure> {
  // JSON text as a Python string literal: JSON.stringify of a string only produces escapes Python reads the same way.
  const script = `import json\nargs = json.loads(${JSON.stringify(JSON.stringify(args))})\n${template}`;
  try {
    const reply = await client.post<{ result: T }>("/api/exec", { script, return_output: false });
    return { ok: true, result: reply.result };
  } catch (err) {
    const f = execFailure(err);
    if (f) return f;
    throw err;
  }
}

/** Whether the bridge runs client Python at all: asks it with a script that changes nothing. */
export async function execGate(client: BridgeClient): Promise<ToolFailure | undefined> {
  const r = await runTemplate<boolean>(client, "result = True", {});
  return r.ok ? undefined : r;
}

const PARENT = `parent = op(args['parent'])
if parent is None or not parent.isCOMP:
    raise ValueError('%s is not a COMP' % args['parent'])
def fresh(name):
    if op(parent.path + '/' + name) is not None:
        raise ValueError('%s/%s already exists; choose another name' % (parent.path, name))
    return name
# What svc's own tools make is svc's, tagged like every node svc builds, so svc's edit tools may change it.
OWNER_TAG = ${JSON.stringify(OWNER_TAG)}
`;

export const CREATE_SCRIPT_DAT = `${PARENT}node = parent.create('textDAT', fresh(args['name']))
node.tags = {OWNER_TAG}
node.text = args['text']
result = {'path': node.path}
`;

export const CREATE_SCRIPT_OPERATOR = `${PARENT}fresh(args['name'])
fresh(args['name'] + '_callbacks')
callbacks = parent.create('textDAT', args['name'] + '_callbacks')
callbacks.tags = {OWNER_TAG}
callbacks.text = args['callbacks']
node = parent.create('script' + args['family'], args['name'])
node.tags = {OWNER_TAG}
node.par.callbacks = callbacks.name
node.nodeX = callbacks.nodeX + 200
node.nodeY = callbacks.nodeY
result = {'path': node.path, 'callbacks': callbacks.path, 'type': node.OPType}
`;
