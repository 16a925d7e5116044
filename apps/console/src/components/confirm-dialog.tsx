import type { ComponentChildren, RefObject } from "preact";

/**
 * The modal that asks before a destructive action: a heading, what will happen
 * (`children`), a danger button that confirms and Cancel (focused first). Opened
 * with `dialogRef.current?.showModal()`; it closes itself before `onConfirm` runs.
 */
export function ConfirmDialog({
  dialogRef,
  headingId,
  heading,
  confirmLabel,
  onConfirm,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  headingId: string;
  heading: ComponentChildren;
  confirmLabel: ComponentChildren;
  onConfirm: () => void;
  children: ComponentChildren;
}) {
  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} aria-labelledby={headingId} class="confirm">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          close();
          onConfirm();
        }}
      >
        <h2 id={headingId}>{heading}</h2>
        {children}
        <div class="actions">
          <button type="submit" class="danger">
            {confirmLabel}
          </button>
          <button type="button" class="secondary" autoFocus onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
