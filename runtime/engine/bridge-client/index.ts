export * from "./errors.js";
export * from "./config.js";
export * from "./client.js";
