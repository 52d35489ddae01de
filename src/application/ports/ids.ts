/** Fresh identifiers, so the domain never calls a random source itself. */
export interface Ids {
  /** A new random UUID (v4). */
  uuid(): string;
}
