export * from "./source-range.js";
export * from "./diagnostic.js";
export * from "./messages.js";
export * from "./render-text.js";
export * from "./render-json.js";
export * from "./cap.js";
export * from "./edit-distance.js";
export * from "./next-step.js";
