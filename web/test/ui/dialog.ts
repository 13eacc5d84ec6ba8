/**
 * The parts of <dialog> jsdom lacks, as a browser does them: show, showModal and close (which
 * fires `close`), and Escape, which (unless a handler prevented it) cancels the topmost open
 * dialog and closes it if the cancel event is not prevented. A search field takes Escape first
 * and clears its text, as Chrome's does, so a dialog whose search box leaves Escape alone needs a
 * second press.
 */
export function installDialogMethods(): void {
  if (typeof HTMLDialogElement.prototype.showModal === 'function') return;
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof HTMLInputElement && target.type === 'search' && !target.readOnly && !target.disabled) {
      if (target.value !== '') {
        // Through the value setter React watches, so that the change reaches the component's state.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(target, '');
        target.dispatchEvent(new Event('input', { bubbles: true }));
      }
      return;
    }
    const dialogs = document.querySelectorAll('dialog[open]');
    const top = dialogs[dialogs.length - 1];
    if (top instanceof HTMLDialogElement && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
