import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { createContext, useContext, useRef, type ReactNode, type RefObject } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** While a save runs the modal cannot be dismissed (spec: no backdrop close during a save). */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Where the focus goes on closing when the button that opened the dialog is gone (undone by it). */
  returnFocus?: () => HTMLElement | null;
  /** What takes the focus when the dialog opens, instead of its first field (a question's Cancelar). */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * False: a tap or click beside the dialog does not close it (a form with something typed — one stray
   * tap on a phone lost a long message); Cancelar, the X and Esc still do.
   */
  closeOnOutside?: boolean;
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/**
 * How many dialogs this one opens over. A dialog opened from another (the fee's payment from a family's
 * card) stacks its backdrop above the one below, so it is dimmed as the page is under a single dialog:
 * with the same z-index for every dialog the second backdrop fell under the first dialog's panel.
 */
const ModalDepth = createContext(0);
const Z_BACKDROP = 40;
const Z_STEP = 20;

const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

/**
 * The field a form dialog opens on: its first one, on a screen with a mouse and keyboard. Radix's own
 * choice is the first thing that takes focus, the header's close button — a secretary who opened 'Novo
 * Aluno' and started typing typed nowhere, and a reflex Enter closed the form. On a touch screen the
 * focus stays on the dialog: a focused field would open the keyboard over half of it.
 */
function firstField(body: HTMLElement | null): HTMLElement | null {
  if (!window.matchMedia('(hover: hover) and (pointer: fine)').matches) return null;
  return body?.querySelector<HTMLElement>(FIELD) ?? null;
}

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  busy = false,
  size = 'md',
  returnFocus,
  initialFocus,
  closeOnOutside = true,
}: ModalProps) {
  // The screens open a dialog from a button without a Dialog.Trigger, so Radix has nowhere to put the
  // focus back when it closes and it fell to <body>: keyboard and screen-reader users had to start the
  // page over. Remember what had the focus when the dialog opened and return it there.
  const opener = useRef<Element | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const depth = useContext(ModalDepth);
  const zIndex = Z_BACKDROP + depth * Z_STEP;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="modal-backdrop"
          className="fixed inset-0 bg-gray-900/50"
          style={{ zIndex }}
        />
        <Dialog.Content
          style={{ zIndex: zIndex + 10 }}
          className={`fixed inset-x-0 bottom-0 flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${widths[size]}`}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement;
            const target = initialFocus?.current ?? firstField(body.current);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected ? opener.current : returnFocus?.();
            if (target instanceof HTMLElement && target.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (busy || !closeOnOutside) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description>
              )}
            </div>
            {/* Held, not disabled, while the dialog saves: a disabled button would drop the focus.
                'Fechar janela', not 'Fechar': the dialogs that only show something (Pix, Boleto, Pagamentos)
                end with a 'Fechar' button, and a screen reader read two buttons of the same name
                (as 'Fechar menu' on the portal's drawer). */}
            <Dialog.Close
              aria-disabled={busy || undefined}
              onClick={(event) => {
                if (busy) event.preventDefault();
              }}
              aria-label="Fechar janela"
              className="-m-1.5 rounded-lg p-3 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:m-0 sm:p-1.5"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <ModalDepth.Provider value={depth + 1}>
            <div ref={body} className="overflow-y-auto px-5 py-4">
              {children}
            </div>
            {footer && (
              <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-5 py-3">
                {footer}
              </div>
            )}
          </ModalDepth.Provider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
