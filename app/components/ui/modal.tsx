// The one modal of the app (docs/decisions/149): Radix Dialog, so Escape and a click on the
// backdrop close it, focus moves in, stays inside while it is open and goes back to the control
// that opened it. A full-screen sheet on phones, a centred panel from 640 px. Typed input that
// was not saved is not thrown away without asking. Only the JavaScript form of a dialog: callers
// render their no-JavaScript form (a section on the page, Close a link) until hydration.
import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { useRef, useState } from "react";

export const DISCARD_CHANGES_QUESTION = "Discard your unsaved changes?";

const SIZES = { sm: "sm:max-w-sm", md: "sm:max-w-md", lg: "sm:max-w-2xl" } as const;

/** Every field of every form in the dialog, names and values, as one string. */
function fieldsSnapshot(root: HTMLElement | null): string {
  if (!root) return "";
  return [...root.querySelectorAll("form")]
    .map((form) => [...new FormData(form)].map(([name, value]) => `${name}=${typeof value === "string" ? value : value.name}`).join("&"))
    .join("|");
}

/** The first field a person fills in (not a hidden one): where focus goes when the dialog opens. */
function firstField(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('form input:not([type="hidden"]):not([disabled]), form select:not([disabled]), form textarea:not([disabled])') ?? null;
}

export function Modal({
  title,
  titleId,
  closeTo,
  onClose,
  size = "lg",
  children,
}: {
  title: React.ReactNode;
  titleId: string;
  /** Where closing goes (the list behind the dialog route); or `onClose` for a dialog that is only state. */
  closeTo?: string;
  onClose?: () => void;
  size?: keyof typeof SIZES;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const content = useRef<HTMLDivElement>(null);
  // The control that opened the dialog (focused when it first renders): focus goes back to it.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  // The fields as the dialog opened with them, and whether a person has typed since: a value
  // the page itself fills in later is not "unsaved input".
  const opened = useRef<string | null>(null);
  const typed = useRef(false);
  const hasUnsavedInput = () => typed.current && opened.current !== null && fieldsSnapshot(content.current) !== opened.current;
  const mayLeave = () => !hasUnsavedInput() || window.confirm(DISCARD_CHANGES_QUESTION);
  const close = () => {
    if (!mayLeave()) return;
    if (closeTo !== undefined) navigate(closeTo, { preventScrollReset: true });
    else onClose?.();
  };
  const markTyped = () => {
    typed.current = true;
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="dialog-backdrop" className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          ref={content}
          aria-labelledby={titleId}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            opened.current = fieldsSnapshot(content.current);
            const field = firstField(content.current);
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          onInput={markTyped}
          onChange={markTyped}
          // Links out of the dialog (Close, Cancel) ask too; Remix's Link skips a prevented click.
          onClickCapture={(event) => {
            const link = (event.target as Element).closest("a[href]");
            if (link && !link.hasAttribute("download") && !mayLeave()) {
              event.preventDefault();
              event.stopPropagation();
            }
          }}
          className={`fixed inset-0 z-50 overflow-y-auto bg-white p-4 text-slate-900 shadow-xl outline-none dark:bg-slate-900 dark:text-slate-100 sm:inset-auto sm:left-1/2 sm:top-[5vh] sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:rounded-lg sm:p-5 ${SIZES[size]}`}
        >
          <div className="mb-3 flex items-center justify-between gap-4">
            <Dialog.Title id={titleId} className="text-lg font-semibold">
              {title}
            </Dialog.Title>
            {closeTo !== undefined ? (
              <Link to={closeTo} preventScrollReset aria-label="Close" className={closeClass}>
                <Icon name="x" className="h-5 w-5" />
              </Link>
            ) : (
              <button type="button" onClick={close} aria-label="Close" className={closeClass}>
                <Icon name="x" className="h-5 w-5" />
              </button>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const closeClass = "rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-slate-100";
