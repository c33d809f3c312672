import toast from 'react-hot-toast';
import { AlertTriangle } from 'lucide-react';

/**
 * A warning toast: something the user should know that is not a failure (the save went through). Amber,
 * shown as long as an error, and announced politely (role=status) rather than as an alert.
 */
export function warningToast(message: string) {
  return toast(message, {
    duration: 4000,
    icon: <AlertTriangle className="h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />,
    style: { border: '1px solid #fcd34d', background: '#fffbeb', color: '#78350f' },
    ariaProps: { role: 'status', 'aria-live': 'polite' },
  });
}
