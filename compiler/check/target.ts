import type { Param } from "../../kb/index.js";
import type { AnyNode } from "../model.js";

/** The parameter a value is checked against: the node, the kb's parameter, the name the source wrote. */
export interface Target {
  node: AnyNode;
  param: Param;
  /** The scalar name for messages (`resolutionw`) or the plain/tuplet name. */
  name: string;
  /** Index of the component when a single component is set. */
  component: number | null;
}
