/**
 * The Unicode confusables skeleton of a name (UTS #39): two names that look alike (`root` and `rооt` with
 * Cyrillic о) have the same skeleton. Meant for comparing, never for showing.
 */
export type UsernameSkeleton = (name: string) => string;
