/** Fresh identifiers, so the domain never calls a random source itself. */
export interface Ids {
  /** A new UUID; the service's are time-ordered (v7), so newer ids sort after older ones. */
  uuid(): string;
}
