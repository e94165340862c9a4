/** The shapes of the bridge replies these tools read (bridge/svc_bridge/serialize.py and routes/). */

export interface NodeSummary {
  path: string;
  name: string;
  type: string;
  family: string;
}

/** Flags the node has; a family without a flag leaves it out. */
type Flags = Partial<Record<"display" | "render" | "viewer" | "bypass" | "lock" | "allowCooking", boolean>>;

interface Wire {
  source: string;
  source_output: number;
  target: string;
  target_input: number;
}

/** GET /api/nodes/{path} */
export interface NodeDetail extends NodeSummary {
  flags: Flags;
  tags: string[];
  comment: string;
  parent: string | null;
  inputs: Wire[];
  outputs: Wire[];
  errors: string[];
  warnings: string[];
  text_length?: number;
  resolution?: [number, number];
  num_children?: number;
}

/** Bounds every walking route reports. */
interface WalkBounds {
  complete: boolean;
  stopped_by: string | null;
  visited?: number;
  /** Topology: a COMP below the depth limit had children that were not listed. */
  deeper?: boolean;
}

export interface ErrorItem {
  path: string;
  severity: "error" | "warning";
  message: string;
}

/** GET /api/network/{path}/errors */
export interface NetworkErrors extends WalkBounds {
  path: string;
  errors: ErrorItem[];
  warnings: ErrorItem[];
  error_count: number;
  warning_count: number;
}

/** GET /api/network/{path}/performance, one row */
export interface CookRow {
  path: string;
  type: string;
  cook_time_ms: number;
  cpu_cook_time_ms: number;
  gpu_cook_time_ms: number;
  total_cooks: number;
  cook_frame: number;
}

/** GET /api/preview/{path} */
export interface PreviewReply {
  path: string;
  format: string;
  width: number;
  height: number;
  size_advisory: number;
  fits: boolean;
  bytes: number;
  png_base64: string;
}
