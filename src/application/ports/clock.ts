/** The current time, so use cases stay testable with a fixed clock. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}
