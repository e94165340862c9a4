/** How bad a problem is: an error blocks apply, a warning is shown, info only tells. */
export type Severity = "error" | "warning" | "info";
