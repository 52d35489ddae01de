/** Symmetric encryption of small secrets at rest (shop API keys). */
export interface SecretBox {
  /** Encrypts `plaintext` bound to `context` (e.g. the owning row's id); the result is printable text. */
  seal(plaintext: string, context: string): string;
  /**
   * Decrypts what `seal` produced with the same `context`. Throws DomainError `SECRET_UNREADABLE` when the text was
   * altered, belongs to another context, or was sealed with a key this box no longer has.
   */
  open(sealed: string, context: string): string;
}
