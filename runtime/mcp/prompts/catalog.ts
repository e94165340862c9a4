/**
 * Every prompt, one line each. To add one, write its file (a `definePrompt(...)`, see registry.ts)
 * and export it here; it is offered once every tool it names is registered.
 */
