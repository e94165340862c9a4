/**
 * A line about long work; `step` counts its parts, when it has several (request 2 of 5), or is
 * "notice" for a line worth showing even where progress is kept quiet (the work changed course).
 */
export type Progress = (message: string, step?: { done: number; total: number } | "notice") => void;
