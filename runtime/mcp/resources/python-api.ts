import { classDoc } from "../knowledge/class-doc.js";
import { didYouMean, loadKb, lookupPythonClass } from "../knowledge/kb-access.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

/** `svc://python-api/Par`: a TouchDesigner Python class with its inherited members. */
export const pythonApiResource: TemplatedResource = {
  name: "python-api",
  title: "Python API classes",
  description:
    "A TouchDesigner Python class: its bases and every member with type or signature, inherited ones included.",
  mimeType: "application/json",
  template: "svc://python-api/{class}",
  complete: {
    class: async () => Object.keys((await loadKb()).pythonCatalog().classes).sort(),
  },
  async read({ class: name = "" }) {
    const kb = await loadKb();
    const found = lookupPythonClass(kb, name);
    if (!found.found) throw new ResourceNotFound(`no Python class '${name}'.${didYouMean(found.suggestions)}`);
    return json(classDoc(kb, found.name));
  },
};
