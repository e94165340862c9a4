/**
 * Every `svc://` resource, one line each. To add one, write its file (a `FixedResource` or a
 * `TemplatedResource`, see registry.ts) and export it here.
 */
