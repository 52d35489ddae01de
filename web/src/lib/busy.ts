/**
 * Shows a button busy while its work runs (an export streaming, an upload): disabled, `aria-busy`, and a label
 * saying what happens, so a second click does not start it twice. The label and the focus come back afterwards.
 */
export async function whileBusy<T>(button: HTMLButtonElement, busyText: string, work: () => Promise<T>): Promise<T> {
  const idle = button.textContent ?? '';
  // Disabling the focused button drops the keyboard focus to the page; it comes back to the button afterwards.
  const hadFocus = document.activeElement === button;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.classList.add('busy');
  button.textContent = busyText;
  try {
    return await work();
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.classList.remove('busy');
    button.textContent = idle;
    if (hadFocus && (document.activeElement === document.body || document.activeElement === null)) button.focus();
  }
}
